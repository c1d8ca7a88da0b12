// What `npm run bench -- understanding` needs from src/ and test/support, bundled for Node by
// bench/understanding.mjs. Nothing here is part of the Worker.

export { checkFaithful } from '../../src/engines/figure/faithful'
export { FigureSchema } from '../../src/engines/figure/figure'
export { parsePrompt } from '../../src/engines/figure/parse'
export { readFigure } from '../../src/engines/figure/read-figure'
export { f1, scoreFigure, total } from '../../test/support/figure-score'
