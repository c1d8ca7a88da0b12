// What `npm run bench -- understanding` needs from src/ and test/support, bundled for Node by
// bench/understanding.mjs. Nothing here is part of the Worker.

export { parsePrompt } from '../../src/engines/figure/parse'
export { f1, scoreFigure, total } from '../../test/support/figure-score'
