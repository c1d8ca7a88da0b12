/**
 * Prompt parser, system diagrams: "it" in an informal prompt, read as the part it stands for
 * ("flight controller in the middle. GPS and IMU feed into it. it drives 4 ESCs"). A sentence's
 * "it" is the last sentence's subject that was one part (not "GPS and IMU"), as a reader takes
 * it; the text then names that part ("the flight controller"), and the readers do the rest.
 */

import { stripRequest } from './normalize-prompt'
import { FLOW_NOUNS, GENERIC_NOUNS, METHOD_HEADS, NON_PART_NOUNS } from './noun-classes'
import { readNounPhrase } from './read-noun-phrase'
import { stripOpener } from './split-sentences'
import { lowerAt, tokenize } from './tokenize'

/** Words before "it" that make it an object a part is linked to ("feed into it", "drives it"). */
const BEFORE_OBJECT =
  /^(?:into|to|from|with|by|on|onto|feeds|drives|powers|controls|charges|supplies|monitors|reads|polls|connects|couples)$/

/** `sentences` with each linking "it" replaced by its part, when one is clear. */
export function resolvePronouns(sentences: readonly string[]): string[] {
  let antecedent: string | null = null
  return sentences.map((sentence) => {
    const tokens = tokenize(stripOpener(stripRequest(sentence)))
    const subject = readNounPhrase(tokens, 0)
    const single =
      subject !== null &&
      !/^(?:and|or|,|&)$/.test(lowerAt(tokens, subject.end)) &&
      subject.numeral === undefined &&
      !NON_PART_NOUNS.has(subject.head) &&
      !FLOW_NOUNS.has(subject.head) &&
      !GENERIC_NOUNS.has(subject.head) &&
      !METHOD_HEADS.has(subject.head)
    let resolved = sentence
    if (antecedent !== null) {
      const name = `the ${antecedent}`
      resolved = sentence.replace(/(^|\b[\w-]+\s+)\bit\b(?!['’])/gi, (whole, before: string) => {
        const word = before.trim().toLowerCase()
        return word === '' || BEFORE_OBJECT.test(word) ? `${before}${name}` : whole
      })
    }
    if (single) antecedent = subject.words.join(' ')
    return resolved
  })
}
