// The rule-based prompt parser (src/engines/figure/parse) on flowchart prompts: START, steps in
// order, decisions whose YES / NO branches rejoin, loops back to earlier steps, END.

import { describe, expect, it } from 'vitest'
import { MAX_LABEL_CHARS } from '../../../../src/engines/figure/figure'
import { outlineLinks, outlineParts, parsed } from './spec-outline'

describe('parsePrompt', () => {
  describe('flowcharts', () => {
    it('branches on a question and rejoins when a claim says "if so" and "otherwise"', () => {
      const spec = parsed(
        'A method 200 comprising: receiving a request from a client; authenticating the client; determining whether the client is authorized; if so, retrieving a record 208; otherwise, sending an error message; and sending the response.',
      )
      expect(spec.kind).toBe('flowchart')
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A REQUEST FROM A CLIENT',
        'AUTHENTICATING THE CLIENT',
        'CLIENT IS AUTHORIZED? <decision>',
        'RETRIEVING A RECORD 208',
        'SENDING AN ERROR MESSAGE',
        'SENDING THE RESPONSE',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING A REQUEST FROM A CLIENT',
        'RECEIVING A REQUEST FROM A CLIENT -> AUTHENTICATING THE CLIENT',
        'AUTHENTICATING THE CLIENT -> CLIENT IS AUTHORIZED?',
        'CLIENT IS AUTHORIZED? -> RETRIEVING A RECORD 208 : YES',
        'CLIENT IS AUTHORIZED? -> SENDING AN ERROR MESSAGE : NO',
        'RETRIEVING A RECORD 208 -> SENDING THE RESPONSE',
        'SENDING AN ERROR MESSAGE -> SENDING THE RESPONSE',
        'SENDING THE RESPONSE -> END',
      ])
    })

    it('links numbered steps in order when the prompt is a "1. 2. 3." list', () => {
      const spec = parsed(
        '1. Receive a request. 2. Validate the request. 3. Store the request in a database. 4. Send a confirmation.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVE A REQUEST',
        'RECEIVE A REQUEST -> VALIDATE THE REQUEST',
        'VALIDATE THE REQUEST -> STORE THE REQUEST IN A DATABASE',
        'STORE THE REQUEST IN A DATABASE -> SEND A CONFIRMATION',
        'SEND A CONFIRMATION -> END',
      ])
    })

    it('keeps step numerals and loops back by numeral when steps say "step 502:"', () => {
      const spec = parsed(
        'A process 500 for handling a payment, the process comprising: step 502: receiving payment details; step 504: validating the payment details; step 506: if the payment details are invalid, returning to step 502; and step 508: charging the card.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING PAYMENT DETAILS 502',
        'VALIDATING THE PAYMENT DETAILS 504',
        'PAYMENT DETAILS ARE INVALID? 506 <decision>',
        'CHARGING THE CARD 508',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING PAYMENT DETAILS 502',
        'RECEIVING PAYMENT DETAILS 502 -> VALIDATING THE PAYMENT DETAILS 504',
        'VALIDATING THE PAYMENT DETAILS 504 -> PAYMENT DETAILS ARE INVALID? 506',
        'PAYMENT DETAILS ARE INVALID? 506 -> CHARGING THE CARD 508 : NO',
        'PAYMENT DETAILS ARE INVALID? 506 -> RECEIVING PAYMENT DETAILS 502 : YES',
        'CHARGING THE CARD 508 -> END',
      ])
    })

    it('counts "Step 1:" markers as order, not numerals, and ends a branch that says "and end"', () => {
      const spec = parsed(
        'Step 1: Receive a file. Step 2: Scan the file for viruses. Step 3: If a virus is found, delete the file and end. Step 4: Store the file.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVE A FILE',
        'SCAN THE FILE FOR VIRUSES',
        'VIRUS IS FOUND? <decision>',
        'DELETE THE FILE',
        'STORE THE FILE',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVE A FILE',
        'RECEIVE A FILE -> SCAN THE FILE FOR VIRUSES',
        'SCAN THE FILE FOR VIRUSES -> VIRUS IS FOUND?',
        'VIRUS IS FOUND? -> DELETE THE FILE : YES',
        'VIRUS IS FOUND? -> STORE THE FILE : NO',
        'STORE THE FILE -> END',
        'DELETE THE FILE -> END',
      ])
    })

    it('reads "(a) ... (e)" steps and sends NO to the next step when only "if so" is given', () => {
      const spec = parsed(
        'A method comprising: (a) receiving data; (b) filtering the data; (c) determining whether the data exceeds a threshold; (d) if so, generating an alert; and (e) logging the data.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING DATA',
        'RECEIVING DATA -> FILTERING THE DATA',
        'FILTERING THE DATA -> DATA EXCEEDS A THRESHOLD?',
        'DATA EXCEEDS A THRESHOLD? -> GENERATING AN ALERT : YES',
        'GENERATING AN ALERT -> LOGGING THE DATA',
        'DATA EXCEEDS A THRESHOLD? -> LOGGING THE DATA : NO',
        'LOGGING THE DATA -> END',
      ])
    })

    it('reads "(i) (ii) (iii)" steps without their markers', () => {
      const spec = parsed(
        'A method comprising: (i) receiving a query; (ii) parsing the query; (iii) executing the query.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A QUERY',
        'PARSING THE QUERY',
        'EXECUTING THE QUERY',
        'END <terminal>',
      ])
    })

    it('drops sequence words when steps say "First, ... Then, ... Finally"', () => {
      const spec = parsed(
        'A method of brewing tea. First, boil water. Then, steep the tea for three minutes. Finally, pour the tea into a cup.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'BOIL WATER',
        'STEEP THE TEA FOR THREE MINUTES',
        'POUR THE TEA INTO A CUP',
        'END <terminal>',
      ])
    })

    it('reads one step a line when the prompt is a list of lines', () => {
      const spec = parsed(
        'Receive an order\nCheck the inventory\n\nShip the order\nSend an invoice',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVE AN ORDER',
        'CHECK THE INVENTORY',
        'SHIP THE ORDER',
        'SEND AN INVOICE',
        'END <terminal>',
      ])
    })

    it('loops back to the step whose verb is named when a bullet says "repeating the training step"', () => {
      const spec = parsed(
        'A method of training a model, comprising:\n- collecting training data;\n- training the model on the training data;\n- evaluating the model;\n- if the accuracy is below a threshold, repeating the training step;\n- deploying the model.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> COLLECTING TRAINING DATA',
        'COLLECTING TRAINING DATA -> TRAINING THE MODEL ON THE TRAINING DATA',
        'TRAINING THE MODEL ON THE TRAINING DATA -> EVALUATING THE MODEL',
        'EVALUATING THE MODEL -> ACCURACY IS BELOW A THRESHOLD?',
        'ACCURACY IS BELOW A THRESHOLD? -> DEPLOYING THE MODEL : NO',
        'ACCURACY IS BELOW A THRESHOLD? -> TRAINING THE MODEL ON THE TRAINING DATA : YES',
        'DEPLOYING THE MODEL -> END',
      ])
    })

    it('answers the question with the conditional step when "if more records remain" repeats it', () => {
      const spec = parsed(
        'A method 300 for processing records, comprising: retrieving a record 302; processing the record 304; determining whether more records remain 306; if more records remain, return to the retrieving step; otherwise, generating a report 308.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RETRIEVING A RECORD 302',
        'PROCESSING THE RECORD 304',
        'MORE RECORDS REMAIN? 306 <decision>',
        'GENERATING A REPORT 308',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RETRIEVING A RECORD 302',
        'RETRIEVING A RECORD 302 -> PROCESSING THE RECORD 304',
        'PROCESSING THE RECORD 304 -> MORE RECORDS REMAIN? 306',
        'MORE RECORDS REMAIN? 306 -> GENERATING A REPORT 308 : NO',
        'MORE RECORDS REMAIN? 306 -> RETRIEVING A RECORD 302 : YES',
        'GENERATING A REPORT 308 -> END',
      ])
    })

    it('reads a box then a loop when a branch says "incrementing ... and returning to step 402"', () => {
      const spec = parsed(
        'A computer-implemented method 400 comprising: receiving, by a server, a login request 402; determining whether the credentials are valid 404; if not, incrementing a failure counter 406 and returning to step 402; if so, generating a session token 408; and transmitting the session token to the client 410.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING, BY A SERVER, A LOGIN REQUEST 402',
        'CREDENTIALS ARE VALID? 404 <decision>',
        'INCREMENTING A FAILURE COUNTER 406',
        'GENERATING A SESSION TOKEN 408',
        'TRANSMITTING THE SESSION TOKEN TO THE CLIENT 410',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING, BY A SERVER, A LOGIN REQUEST 402',
        'RECEIVING, BY A SERVER, A LOGIN REQUEST 402 -> CREDENTIALS ARE VALID? 404',
        'CREDENTIALS ARE VALID? 404 -> INCREMENTING A FAILURE COUNTER 406 : NO',
        'CREDENTIALS ARE VALID? 404 -> GENERATING A SESSION TOKEN 408 : YES',
        'GENERATING A SESSION TOKEN 408 -> TRANSMITTING THE SESSION TOKEN TO THE CLIENT 410',
        'INCREMENTING A FAILURE COUNTER 406 -> RECEIVING, BY A SERVER, A LOGIN REQUEST 402',
        'TRANSMITTING THE SESSION TOKEN TO THE CLIENT 410 -> END',
      ])
    })

    it('asks and answers within one step when it says "if X, then A; else B"', () => {
      const spec = parsed(
        'A method comprising: receiving sensor data; if the temperature exceeds a limit, then activating a fan; else deactivating the fan; and recording the temperature.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING SENSOR DATA',
        'RECEIVING SENSOR DATA -> TEMPERATURE EXCEEDS A LIMIT?',
        'TEMPERATURE EXCEEDS A LIMIT? -> ACTIVATING A FAN : YES',
        'TEMPERATURE EXCEEDS A LIMIT? -> DEACTIVATING THE FAN : NO',
        'ACTIVATING A FAN -> RECORDING THE TEMPERATURE',
        'DEACTIVATING THE FAN -> RECORDING THE TEMPERATURE',
        'RECORDING THE TEMPERATURE -> END',
      ])
    })

    it('asks a question when a step says "in response to determining that X, doing Y"', () => {
      const spec = parsed(
        'A method comprising: receiving an order; in response to determining that the order is valid, charging a payment method; and shipping the order.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING AN ORDER',
        'ORDER IS VALID? <decision>',
        'CHARGING A PAYMENT METHOD',
        'SHIPPING THE ORDER',
        'END <terminal>',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING AN ORDER',
        'RECEIVING AN ORDER -> ORDER IS VALID?',
        'ORDER IS VALID? -> CHARGING A PAYMENT METHOD : YES',
        'CHARGING A PAYMENT METHOD -> SHIPPING THE ORDER',
        'ORDER IS VALID? -> SHIPPING THE ORDER : NO',
        'SHIPPING THE ORDER -> END',
      ])
    })

    it('answers the open question when "in response to determining that" repeats its condition', () => {
      const spec = parsed(
        'A method comprising: determining whether a user is authenticated; in response to determining that the user is not authenticated, displaying a login page; and displaying a dashboard.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> USER IS AUTHENTICATED?',
        'USER IS AUTHENTICATED? -> DISPLAYING A LOGIN PAGE : NO',
        'USER IS AUTHENTICATED? -> DISPLAYING A DASHBOARD : YES',
        'DISPLAYING A LOGIN PAGE -> DISPLAYING A DASHBOARD',
        'DISPLAYING A DASHBOARD -> END',
      ])
    })

    it('reads a written question and its "If yes" / "If no" branches', () => {
      const spec = parsed(
        'Is the user logged in? If yes, show the dashboard. If no, show the login page.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> IS THE USER LOGGED IN?',
        'IS THE USER LOGGED IN? -> SHOW THE DASHBOARD : YES',
        'IS THE USER LOGGED IN? -> SHOW THE LOGIN PAGE : NO',
        'SHOW THE DASHBOARD -> END',
        'SHOW THE LOGIN PAGE -> END',
      ])
    })

    it('checks after the step and loops on NO when a step repeats "until" a condition', () => {
      const spec = parsed(
        'A method comprising: polling a sensor; repeating the polling until a value exceeds a threshold; and sounding an alarm.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> POLLING A SENSOR',
        'POLLING A SENSOR -> VALUE EXCEEDS A THRESHOLD?',
        'VALUE EXCEEDS A THRESHOLD? -> SOUNDING AN ALARM : YES',
        'VALUE EXCEEDS A THRESHOLD? -> POLLING A SENSOR : NO',
        'SOUNDING AN ALARM -> END',
      ])
    })

    it('loops to a named step when a branch says "returning to the capturing step"', () => {
      const spec = parsed(
        'A method 600 comprising: capturing an image 602; detecting an object in the image 604; classifying the object 606; determining whether the classification confidence exceeds 0.9 608; if not, requesting human review 610 and returning to the capturing step; if so, storing the classification 612.',
      )
      expect(outlineParts(spec)).toContain('CLASSIFICATION CONFIDENCE EXCEEDS 0.9? 608 <decision>')
      expect(outlineLinks(spec)).toContain('REQUESTING HUMAN REVIEW 610 -> CAPTURING AN IMAGE 602')
    })

    it('goes back to a step when its numeral is written again with "continues" or "again"', () => {
      const spec = parsed(
        'FIG. 13 is a flowchart of a control method. Water is supplied through the supply valve (S1306). The control unit determines whether the water level has reached the target level (S1308). If the target level is not reached, the water supply continues (S1306). When the target level is reached, washing is performed (S1310).',
      )
      expect(outlineParts(spec)).not.toContain('WATER SUPPLY CONTINUES')
      expect(outlineLinks(spec)).toContain(
        'WATER LEVEL HAS REACHED THE TARGET LEVEL? S1308 -> WATER IS SUPPLIED THROUGH THE SUPPLY VALVE S1306 : NO',
      )
    })

    it('joins two branches when a step begins "After step S408 or step S412,"', () => {
      const spec = parsed(
        'In step S406, the controller determines whether the glucose level is low. When it is, the controller suspends delivery in step S408. When it is not, the controller computes a dose in step S410 and commands the pump in step S412. After step S408 or step S412, the controller waits 5 minutes in step S414 and returns to step S406.',
      )
      const links = outlineLinks(spec)
      expect(links).toContain(
        'CONTROLLER SUSPENDS DELIVERY S408 -> CONTROLLER WAITS 5 MINUTES S414',
      )
      expect(links).toContain(
        'CONTROLLER COMMANDS THE PUMP S412 -> CONTROLLER WAITS 5 MINUTES S414',
      )
      expect(links).toContain('CONTROLLER WAITS 5 MINUTES S414 -> GLUCOSE LEVEL IS LOW? S406')
    })

    it('answers "fewer than 40 cycles" as NO to "whether 40 cycles have been completed"', () => {
      const spec = parsed(
        'In step 508, the template is denatured. In step 510, the primers are annealed. In step 512, it is determined whether 40 cycles have been completed. If fewer than 40 cycles have been completed, the method returns to step 508. Once 40 cycles have been completed, a threshold is calculated in step 514.',
      )
      const links = outlineLinks(spec)
      expect(links).toContain(
        '40 CYCLES HAVE BEEN COMPLETED? 512 -> TEMPLATE IS DENATURED 508 : NO',
      )
      expect(links).toContain(
        '40 CYCLES HAVE BEEN COMPLETED? 512 -> THRESHOLD IS CALCULATED 514 : YES',
      )
    })

    it('cuts "In step S316, A, and B in step S318" in two and loops on "the determination of step S704 is made again"', () => {
      const two = parsed(
        'In step S314, the plate is washed. In step S316, TMB substrate is added, and the reaction is stopped with acid in step S318. In step S320, the absorbance is read.',
      )
      expect(outlineParts(two)).toContain('TMB SUBSTRATE IS ADDED S316')
      expect(outlineParts(two)).toContain('REACTION IS STOPPED WITH ACID S318')
      const loop = parsed(
        'In step S703, trypsin is added. In step S704, it is determined whether the cells have detached. If not, the flask is incubated for 2 minutes in step S705, and the determination of step S704 is made again. If so, the trypsin is neutralized in step S706.',
      )
      expect(outlineLinks(loop)).toContain(
        'FLASK IS INCUBATED FOR 2 MINUTES S705 -> CELLS HAVE DETACHED? S704',
      )
    })

    it('splits a sentence at commas when each part starts with a gerund', () => {
      const spec = parsed(
        'A method comprising receiving a request from a client, authenticating the client, and sending a response.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A REQUEST FROM A CLIENT',
        'AUTHENTICATING THE CLIENT',
        'SENDING A RESPONSE',
        'END <terminal>',
      ])
    })

    it('keeps "for each" steps whole and asks "if" questions when a flowchart is drawn from prose', () => {
      const spec = parsed(
        'Draw a flowchart: receive an image, detect faces in the image, and for each face, apply a blur filter. If no faces are detected, return the original image.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVE AN IMAGE',
        'DETECT FACES IN THE IMAGE',
        'FOR EACH FACE, APPLY A BLUR FILTER',
        'NO FACES ARE DETECTED? <decision>',
        'RETURN THE ORIGINAL IMAGE',
        'END <terminal>',
      ])
    })

    it('reads passive prose steps when sentences say "then" and "otherwise"', () => {
      const spec = parsed(
        'The method starts by receiving a request. The request is then validated. If the request is valid, the request is processed. Otherwise an error is returned.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A REQUEST',
        'REQUEST IS THEN VALIDATED',
        'REQUEST IS VALID? <decision>',
        'REQUEST IS PROCESSED',
        'ERROR IS RETURNED',
        'END <terminal>',
      ])
    })

    it('asks whether the thing was detected when a step says "in response to detecting"', () => {
      const spec = parsed(
        'A method for operating a vehicle, comprising: detecting an obstacle; in response to detecting the obstacle, applying brakes; and notifying a driver.',
      )
      expect(outlineParts(spec)).toContain('OBSTACLE DETECTED? <decision>')
    })

    it('falls through to the next step when a jump names a step that does not exist', () => {
      const spec = parsed(
        'Flow chart: start, read input, validate input, if valid go to step 5 else show error, process input, end.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> READ INPUT',
        'READ INPUT -> VALIDATE INPUT',
        'VALIDATE INPUT -> VALID?',
        'VALID? -> SHOW ERROR : NO',
        'SHOW ERROR -> PROCESS INPUT',
        'VALID? -> PROCESS INPUT : YES',
        'PROCESS INPUT -> END',
      ])
    })

    it('trims "the step of" and element numerals when a claim words its steps so', () => {
      const spec = parsed(
        'A method 700 comprising the steps of: the step of receiving a request from a client 102 over a network 104 702; and the step of storing the request 704.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A REQUEST FROM A CLIENT OVER A NETWORK 702',
        'STORING THE REQUEST 704',
        'END <terminal>',
      ])
    })

    it('drops the method numeral and prose sentences when steps are followed by description', () => {
      const steps =
        'A method 200 comprising: receiving a request 202; validating the request 204; and storing the request 206. '
      let prompt = steps
      while (prompt.length < 9500) {
        prompt +=
          'The method may be performed by a server. In some embodiments, the request is an HTTP request sent by a browser. '
      }
      const spec = parsed(prompt)
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'RECEIVING A REQUEST 202',
        'VALIDATING THE REQUEST 204',
        'STORING THE REQUEST 206',
        'END <terminal>',
      ])
    })

    it('reads the operations of a storage-medium claim as a flowchart', () => {
      const spec = parsed(
        'A non-transitory computer-readable storage medium storing instructions that, when executed by a processor, cause the processor to perform operations comprising: receiving a request; determining whether the request is authorized; and in response to determining that the request is authorized, executing the request.',
      )
      expect(spec.kind).toBe('flowchart')
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING A REQUEST',
        'RECEIVING A REQUEST -> REQUEST IS AUTHORIZED?',
        'REQUEST IS AUTHORIZED? -> EXECUTING THE REQUEST : YES',
        'EXECUTING THE REQUEST -> END',
        'REQUEST IS AUTHORIZED? -> END : NO',
      ])
    })

    it('reads "At block 302," descriptions with a subject before each verb', () => {
      const spec = parsed(
        'FIG. 3 is a flowchart of a method 300 according to some embodiments. At block 302, the server receives a request from a client. At block 304, the server determines whether the request is valid. If the request is valid, the method proceeds to block 306. At block 306, the server stores the request. At block 308, the server sends a response to the client.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'SERVER RECEIVES A REQUEST FROM A CLIENT 302',
        'REQUEST IS VALID? 304 <decision>',
        'SERVER STORES THE REQUEST 306',
        'SERVER SENDS A RESPONSE TO THE CLIENT 308',
        'END <terminal>',
      ])
    })

    it('reads a chain of arrows as steps when it runs from start to end', () => {
      const spec = parsed('Start -> Receive request -> Validate request -> Store request -> End')
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVE REQUEST',
        'RECEIVE REQUEST -> VALIDATE REQUEST',
        'VALIDATE REQUEST -> STORE REQUEST',
        'STORE REQUEST -> END',
      ])
    })

    it('nests a second question in the YES branch when "if so" asks again', () => {
      const spec = parsed(
        'A method comprising: receiving a transaction; determining whether the amount exceeds a limit; if so, determining whether the user is verified; if the user is verified, approving the transaction; otherwise, declining the transaction; and logging the transaction.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> RECEIVING A TRANSACTION',
        'RECEIVING A TRANSACTION -> AMOUNT EXCEEDS A LIMIT?',
        'AMOUNT EXCEEDS A LIMIT? -> USER IS VERIFIED? : YES',
        'USER IS VERIFIED? -> APPROVING THE TRANSACTION : YES',
        'USER IS VERIFIED? -> DECLINING THE TRANSACTION : NO',
        'APPROVING THE TRANSACTION -> LOGGING THE TRANSACTION',
        'DECLINING THE TRANSACTION -> LOGGING THE TRANSACTION',
        'AMOUNT EXCEEDS A LIMIT? -> LOGGING THE TRANSACTION : NO',
        'LOGGING THE TRANSACTION -> END',
      ])
    })

    it('runs a branch of several steps when "if no" is followed by more steps', () => {
      const spec = parsed(
        'A method comprising: checking whether a cache contains the key; if yes, returning the cached value and ending; if no, querying the database; storing the result in the cache; and returning the result.',
      )
      expect(outlineLinks(spec)).toEqual([
        'START -> CACHE CONTAINS THE KEY?',
        'CACHE CONTAINS THE KEY? -> RETURNING THE CACHED VALUE : YES',
        'CACHE CONTAINS THE KEY? -> QUERYING THE DATABASE : NO',
        'QUERYING THE DATABASE -> STORING THE RESULT IN THE CACHE',
        'STORING THE RESULT IN THE CACHE -> RETURNING THE RESULT',
        'RETURNING THE RESULT -> END',
        'RETURNING THE CACHED VALUE -> END',
      ])
    })

    it('asks two questions and loops forever without END when conditions differ and the last step goes back', () => {
      const spec = parsed(
        '1. Read the sensor.\n2. If the reading is above 30, turn on the fan.\n3. If the reading is below 20, turn off the fan.\n4. Wait one minute.\n5. Go back to step 1.',
      )
      expect(outlineParts(spec)).toEqual([
        'START <terminal>',
        'READ THE SENSOR',
        'READING IS ABOVE 30? <decision>',
        'TURN ON THE FAN',
        'READING IS BELOW 20? <decision>',
        'TURN OFF THE FAN',
        'WAIT ONE MINUTE',
      ])
      expect(outlineLinks(spec)).toEqual([
        'START -> READ THE SENSOR',
        'READ THE SENSOR -> READING IS ABOVE 30?',
        'READING IS ABOVE 30? -> TURN ON THE FAN : YES',
        'TURN ON THE FAN -> READING IS BELOW 20?',
        'READING IS ABOVE 30? -> READING IS BELOW 20? : NO',
        'READING IS BELOW 20? -> TURN OFF THE FAN : YES',
        'TURN OFF THE FAN -> WAIT ONE MINUTE',
        'READING IS BELOW 20? -> WAIT ONE MINUTE : NO',
        'WAIT ONE MINUTE -> READ THE SENSOR',
      ])
    })

    it('cuts a long step label at a word within MAX_LABEL_CHARS', () => {
      const long = `transmitting ${'a very detailed message '.repeat(20)}to the server`
      expect(long.length).toBeGreaterThan(MAX_LABEL_CHARS)
      const spec = parsed(`A method comprising: receiving a request; ${long}.`)
      const label = spec.elements[2]!.label
      expect(label.length).toBeLessThanOrEqual(MAX_LABEL_CHARS)
      expect(long.toUpperCase().startsWith(label)).toBe(true)
      expect(long.toUpperCase().charAt(label.length)).toBe(' ')
    })

    it('gives terminals no numeral and decisions the decision shape', () => {
      const spec = parsed(
        'A method 200 comprising: receiving a request 202; determining whether the request is valid 204; if so, storing the request 206.',
      )
      const terminals = spec.elements.filter((part) => part.kind === 'terminal')
      expect(terminals.map((part) => part.label)).toEqual(['START', 'END'])
      expect(terminals.every((part) => part.numeral === undefined)).toBe(true)
      expect(spec.elements.filter((part) => part.kind === 'decision')).toEqual([
        expect.objectContaining({ label: 'REQUEST IS VALID?', numeral: '204' }),
      ])
    })
  })
})
