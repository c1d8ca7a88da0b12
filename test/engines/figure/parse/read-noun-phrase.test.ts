// The noun-phrase reader of the prompt parser (src/engines/figure/parse/read-noun-phrase.ts):
// which words name a part, where the name stops, and what is not a part name at all.

import { describe, expect, it } from 'vitest'
import { readNounPhrase } from '../../../../src/engines/figure/parse/read-noun-phrase'
import { tokenize } from '../../../../src/engines/figure/parse/tokenize'

const read = (text: string) => readNounPhrase(tokenize(text), 0)

describe('readNounPhrase', () => {
  it('stops before a participle clause, a purpose and a relative clause', () => {
    expect(read('a memory configured to store data')?.words).toEqual(['memory'])
    expect(read('a display for showing results')?.words).toEqual(['display'])
    expect(read('a memory storing instructions')?.words).toEqual(['memory'])
    expect(read('a server that hosts a database')?.words).toEqual(['server'])
    expect(read('a sensor located in the housing')?.words).toEqual(['sensor'])
  })

  it('keeps -ing and -ed modifiers when a noun follows them', () => {
    expect(read('an image processing unit 104')?.words).toEqual(['image', 'processing', 'unit'])
    expect(read('a distributed database')?.words).toEqual(['distributed', 'database'])
    expect(read('a cooling fan')?.words).toEqual(['cooling', 'fan'])
  })

  it('reads the numeral, the ordinal and the determiner when they are written', () => {
    expect(read('said first temperature sensor 402 coupled to')).toMatchObject({
      words: ['first', 'temperature', 'sensor'],
      numeral: '402',
      ordinal: 'first',
      determiner: 'definite',
    })
    expect(read('one or more processors 102')).toMatchObject({
      words: ['processors'],
      head: 'processor',
      numeral: '102',
      determiner: 'indefinite',
    })
  })

  it('keeps a numeral with a letter suffix as written, apart from the words', () => {
    const phrase = read('a processor 102a')
    expect(phrase?.words).toEqual(['processor'])
    expect(phrase?.numeral).toBe('102a')
  })

  it('reads every numeral of a list or a range after the words', () => {
    for (const text of ['sensors 302a-302c', 'sensors 302a, 302b and 302c']) {
      expect(read(text)).toMatchObject({
        words: ['sensors'],
        numeral: '302a',
        numerals: ['302a', '302b', '302c'],
      })
    }
  })

  it('tells a verb after a part from a compound noun', () => {
    expect(read('the controller drives the motor')?.words).toEqual(['controller'])
    expect(read('the processor reads data')?.words).toEqual(['processor'])
    expect(read('disk drives 110')?.words).toEqual(['disk', 'drives'])
    expect(read('an engine control unit 502')?.words).toEqual(['engine', 'control', 'unit'])
  })

  it('returns null when the words are a verb phrase or prose', () => {
    expect(read('receiving a request')).toBeNull()
    expect(read('validate the request')).toBeNull()
    expect(read('boil water')).toBeNull()
    expect(read('first')).toBeNull()
    expect(read('a a a a a')).toBeNull()
    expect(read('a big red shiny new fast small old heavy metal box')).toBeNull()
  })
})
