/**
 * The rule-based prompt parser of POST /v1/figures (figure engine, before the drafter): prompt
 * text → a validated Figure (elements and connections), or a reason it cannot be one.
 */

export { type ParseFailureReason, type ParseResult, parsePrompt } from './parse-prompt'
