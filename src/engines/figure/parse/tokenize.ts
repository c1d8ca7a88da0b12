/**
 * Prompt parser, shared step: a sentence cut into words, numbers and punctuation, so the readers
 * look at words rather than characters. One regex pass with no nested quantifiers: linear.
 */

/** One word, number or punctuation mark of a sentence. */
export interface Token {
  /** As written: labels and numerals keep their spelling. */
  text: string
  /** Lowercase, for look-ups. */
  lower: string
  kind: 'word' | 'number' | 'punct'
}

// A numeral's primes stay on it: "1002'" and "1002''" are numerals of their own. "2,000" is one
// number: a comma before exactly three digits groups thousands.
const TOKEN =
  /[\p{L}\p{N}]+(?:(?:['\-/.&+]|,(?=\d{3}(?!\d)))[\p{L}\p{N}]+)*(?:(?<=\p{N}\p{L}?)'{1,2})?|[^\s\p{L}\p{N}]/gu
const DIGITS = /^\d+$/
const ALNUM = /[\p{L}\p{N}]/u

/** Splits `text` into tokens; hyphenated words, "and/or" and "5.0" stay one token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0]
    const kind = DIGITS.test(raw) ? 'number' : ALNUM.test(raw) ? 'word' : 'punct'
    tokens.push({ text: raw, lower: raw.toLowerCase(), kind })
  }
  return tokens
}

/** The lowercase token at `i`, or '' past the end. */
export function lowerAt(tokens: readonly Token[], i: number): string {
  return tokens[i]?.lower ?? ''
}
