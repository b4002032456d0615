import { EvadeScene } from './evade-scene.js';
import { OasisScene } from './oasis-scene.js';
import { OrcScene } from './orc-scene.js';
import { PatrolScene } from './patrol-scene.js';
import { PixelChaseScene } from './pixel-chase-scene.js';
import { PursuitScene } from './pursuit-scene.js';

const SCENES = [
  { id: 'orcs', title: 'Orcs rush Frodo (tiles)', render: () => <OrcScene /> },
  { id: 'pursuit', title: 'Biplanes: chase, intercept, evade', render: () => <PursuitScene /> },
  { id: 'patrol', title: 'Guards on patrol (patterns)', render: () => <PatrolScene /> },
  { id: 'evade', title: 'Orcs evade Frodo (tiles)', render: () => <EvadeScene /> },
  { id: 'oasis', title: 'Orc guard of the oasis (pattern file)', render: () => <OasisScene /> },
  { id: 'pixel', title: 'Pixel chase (continuous)', render: () => <PixelChaseScene /> },
] as const;

/**
 * Units page: seed 003's demos. Tile chasing with the basic algorithm, Bresenham lines and interception;
 * continuous chase / intercept / evade with the predicted meeting point; guards patrolling from pattern text.
 * Only the chosen scene is mounted, so only its animation loop runs.
 */
export function ChaseDemo({ scene, setScene }: { scene: string; setScene: (scene: string) => void }) {
  const active = SCENES.find((s) => s.id === scene) ?? SCENES[0];
  return (
    <div data-testid="chase-demo">
      <div className="controls" role="tablist" aria-label="chase demo scenes">
        {SCENES.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={s.id === scene}
            className={s.id === scene ? 'active' : undefined}
            onClick={() => setScene(s.id)}
            data-chase-scene={s.id}
          >
            {s.title}
          </button>
        ))}
      </div>
      {active.render()}
    </div>
  );
}
