/**
 * The price table: the service's own (src/operations/pricing.ts), bundled into the CLI by
 * build.mjs, so a batch's estimate can never drift from what the API charges.
 */
export {
  convertCost,
  enhanceCost,
  figureCost,
  PRICES,
  vectorizeCost,
} from '../../../src/operations/pricing'
