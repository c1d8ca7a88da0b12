/**
 * Prompt parser, system diagrams: "it" in an informal prompt, read as the part it stands for
 * ("flight controller in the middle. GPS and IMU feed into it. it drives 4 ESCs"), as a reader
 * takes it: at a sentence's start or after a linking word, the last sentence's subject when that
 * was one part; after a subject of several ("lidar and bumper sensors go to the nav computer"),
 * the one part that sentence named last; opening a later clause of its own sentence, the one part
 * named last before it. The text then names that part ("the flight controller") and the readers
 * do the rest. Only where the prompt numbers nothing (read-system.ts).
 */

import { stripRequest } from './normalize-prompt'
import { namesThing, readNounPhrase } from './read-noun-phrase'
import { stripOpener } from './split-sentences'
import { lowerAt, type Token, tokenize } from './tokenize'

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
      namesThing(subject)
    const resolved = sentence.replace(
      /(^|\b[\w-]+,?\s+)\bit\b(?!['’])/gi,
      (whole, before: string, at: number) => {
        const word = before.trim().toLowerCase()
        // "sensors report to the controller, and it opens the vents": "it" opening a later
        // clause of the sentence is the one part named last before it.
        const part =
          /^(?:and|then|,|\S+,)$/.test(word) && at > 0
            ? (lastThing(tokenize(sentence.slice(0, at))) ?? antecedent)
            : word === '' || BEFORE_OBJECT.test(word)
              ? antecedent
              : null
        return part === null ? whole : `${before}the ${part}`
      },
    )
    if (single) antecedent = subject.words.join(' ')
    // "lidar and bumper sensors go to the nav computer. it sends ...": after a subject of several
    // parts, "it" is the one part the sentence named last.
    else if (subject)
      antecedent = lastThing(tokenize(stripOpener(stripRequest(resolved)))) ?? antecedent
    return resolved
  })
}

/** The words of the last phrase of `tokens` that names one thing (not a plural), or null. */
function lastThing(tokens: readonly Token[]): string | null {
  let last: string | null = null
  for (let k = 0; k < tokens.length; ) {
    const phrase = readNounPhrase(tokens, k)
    if (!phrase || phrase.end <= k) {
      k++
      continue
    }
    const plural = /[^s]s$/i.test(phrase.words.at(-1) ?? '')
    if (namesThing(phrase) && !plural) last = phrase.words.join(' ')
    k = phrase.end
  }
  return last
}
