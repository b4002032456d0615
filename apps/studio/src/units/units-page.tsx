import { useEffect, useState } from 'react';
import { choiceParam, readPageQuery, writePageQuery } from '../shared/url-state.js';
import { ChaseDemo } from './chase/chase-demo.js';
import { CrowdDemo } from './crowd/crowd-demo.js';
import { FollowersDemo } from './followers/followers-demo.js';
import { RtsDemo } from './rts/rts-demo.js';
import { RtsPatrolDemo } from './rts/rts-patrol-demo.js';

const DEMOS = [
  {
    id: 'chase',
    title: 'Chase, evade, intercept, patterns',
    render: (scene: string, setScene: (s: string) => void) => <ChaseDemo scene={scene} setScene={setScene} />,
  },
  { id: 'crowd', title: 'Crowd avoidance', render: () => <CrowdDemo /> },
  { id: 'followers', title: 'Followers (10k)', render: () => <FollowersDemo /> },
  { id: 'rts', title: 'RTS groups and formations', render: () => <RtsDemo /> },
  { id: 'rts-patrol', title: 'RTS patrol and camera', render: () => <RtsPatrolDemo /> },
] as const;

/** The Units page: behaviours that run on top of the fields, one demo at a time. */
export function UnitsPage() {
  const [demo, setDemo] = useState<string>(() =>
    choiceParam(
      readPageQuery('units'),
      'demo',
      DEMOS.map((d) => d.id),
      'chase',
    ),
  );
  const [scene, setScene] = useState<string>(() => readPageQuery('units').get('scene') ?? 'orcs');
  useEffect(() => writePageQuery('units', { demo, scene: demo === 'chase' ? scene : undefined }), [demo, scene]);
  const active = DEMOS.find((d) => d.id === demo) ?? DEMOS[0];
  return (
    <section>
      <h1>Units</h1>
      <div className="controls" role="tablist">
        {DEMOS.map((d) => (
          <button
            key={d.id}
            type="button"
            role="tab"
            aria-selected={d.id === demo}
            className={d.id === demo ? 'active' : undefined}
            onClick={() => setDemo(d.id)}
            data-demo={d.id}
          >
            {d.title}
          </button>
        ))}
      </div>
      {active.render(scene, setScene)}
    </section>
  );
}
