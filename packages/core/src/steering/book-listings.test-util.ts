// The chapter's C++ listings ("Chasing, Evading, Intercepting, and Patterned Movement"), transcribed line for line
// as slow references for the tests: `Bresenham()` of the line-of-sight chase, and `LoadPatternMovement` with
// `BuildPathSegment` of the patterned movement (the same line, appended to a path).

/**
 * The C++ `Bresenham()` of "Chasing, Evading, Intercepting, and Patterned Movement" transcribed line for line
 * (arrays of `max` entries filled with -1, start in [0], the two loops on `deltaX > deltaY`). Slow, for reading.
 */
export function listingBresenham(max: number, orcAtX: number, orcAtY: number, playerAtX: number, playerAtY: number) {
  const orcPathX: number[] = [];
  const orcPathY: number[] = [];
  let nextX = orcAtX;
  let nextY = orcAtY;
  let deltaX = playerAtX - orcAtX;
  let deltaY = playerAtY - orcAtY;
  const stepX = deltaX < 0 ? -1 : 1;
  const stepY = deltaY < 0 ? -1 : 1;
  for (let i = 0; i < max; i++) {
    orcPathX[i] = -1;
    orcPathY[i] = -1;
  }
  orcPathX[0] = orcAtX;
  orcPathY[0] = orcAtY;
  deltaX = Math.abs(deltaX * 2);
  deltaY = Math.abs(deltaY * 2);
  let currentStep = 1;
  let fraction: number;
  if (deltaX > deltaY) {
    fraction = deltaY * 2 - deltaX;
    while (nextX !== playerAtX && currentStep < max) {
      if (fraction >= 0) {
        nextY += stepY;
        fraction -= deltaX;
      }
      nextX += stepX;
      fraction += deltaY;
      orcPathX[currentStep] = nextX;
      orcPathY[currentStep++] = nextY;
    }
  } else {
    fraction = deltaX * 2 - deltaY;
    while (nextY !== playerAtY && currentStep < max) {
      if (fraction >= 0) {
        nextX += stepX;
        fraction -= deltaY;
      }
      nextY += stepY;
      fraction += deltaX;
      orcPathX[currentStep] = nextX;
      orcPathY[currentStep++] = nextY;
    }
  }
  // The display loop stops at the first -1.
  const out: [number, number][] = [];
  for (let j = 0; j < max; j++) {
    if (orcPathX[j] === -1 || orcPathY[j] === -1) break;
    out.push([orcPathX[j] as number, orcPathY[j] as number]);
  }
  return out;
}

/**
 * `LoadPatternMovement` and `BuildPathSegment` of "Chasing, Evading, Intercepting, and Patterned Movement"
 * transcribed line for line (the segments as read from the file, arrays of `maxPath` entries filled with -1, the
 * start stored only while `currentStep` is 0, the start added to every pair at the end). Slow, for reading.
 */
export function loadPatternMovement(
  values: number[],
  maxPath: number,
  startX: number,
  startY: number,
): [number, number][] {
  const pathX = new Array<number>(maxPath).fill(-1);
  const pathY = new Array<number>(maxPath).fill(-1);
  const numSteps = { value: 0 };
  for (let k = 0; k + 3 < values.length && numSteps.value < maxPath; k += 4) {
    buildPathSegment(pathX, pathY, maxPath, values.slice(k, k + 4) as [number, number, number, number], numSteps);
  }
  const out: [number, number][] = [];
  for (let i = 0; i < numSteps.value; i++) out.push([(pathX[i] as number) + startX, (pathY[i] as number) + startY]);
  return out;
}

function buildPathSegment(
  pathX: number[],
  pathY: number[],
  max: number,
  [startAtX, startAtY, endAtX, endAtY]: [number, number, number, number],
  currentStep: { value: number },
): void {
  let nextX = startAtX;
  let nextY = startAtY;
  let deltaX = endAtX - startAtX;
  let deltaY = endAtY - startAtY;
  const stepX = deltaX < 0 ? -1 : 1;
  const stepY = deltaY < 0 ? -1 : 1;
  if (currentStep.value === 0) {
    pathX[currentStep.value] = startAtX;
    pathY[currentStep.value++] = startAtY;
  }
  deltaX = Math.abs(deltaX * 2);
  deltaY = Math.abs(deltaY * 2);
  let fraction: number;
  if (deltaX > deltaY) {
    fraction = deltaY * 2 - deltaX;
    while (nextX !== endAtX && currentStep.value < max) {
      if (fraction >= 0) {
        nextY += stepY;
        fraction -= deltaX;
      }
      nextX += stepX;
      fraction += deltaY;
      pathX[currentStep.value] = nextX;
      pathY[currentStep.value++] = nextY;
    }
  } else {
    fraction = deltaX * 2 - deltaY;
    while (nextY !== endAtY && currentStep.value < max) {
      if (fraction >= 0) {
        nextX += stepX;
        fraction -= deltaY;
      }
      nextY += stepY;
      fraction += deltaX;
      pathX[currentStep.value] = nextX;
      pathY[currentStep.value++] = nextY;
    }
  }
}
