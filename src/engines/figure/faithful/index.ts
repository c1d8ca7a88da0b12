/** The faithfulness checker of /figures: a figure held to the prompt it was read from. */

export { checkFaithful, type FaithfulnessProblem, type FaithfulnessReport } from './check-faithful'
export { type LedgerEntry, readNumeralLedger } from './numeral-ledger'
