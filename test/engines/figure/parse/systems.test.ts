// The rule-based prompt parser (src/engines/figure/parse) on block-diagram prompts: parts with
// labels and numerals, containment from claim lists and later sentences, and links whose arrows
// follow the verb ("coupled to", "communicates with", "sends ... to", "receives ... from").

import { describe, expect, it } from 'vitest'
import { parsePrompt } from '../../../../src/engines/figure/parse'
import { outlineLinks, outlineParts, parsed } from './spec-outline'

describe('parsePrompt', () => {
  describe('block diagrams', () => {
    it('nests uppercase parts with their numerals in the system when a claim lists them', () => {
      const spec = parsed(
        'A system 100 comprising a processor 102, a memory 104, and a network interface 106.',
      )
      expect(spec.kind).toBe('block-diagram')
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 100',
        'PROCESSOR 102 in SYSTEM 100',
        'MEMORY 104 in SYSTEM 100',
        'NETWORK INTERFACE 106 in SYSTEM 100',
      ])
      expect(spec.connections).toEqual([])
      expect(spec.elements.map((part) => part.kind)).toEqual([
        'container',
        'block',
        'block',
        'block',
      ])
    })

    it('reads semicolons, "; and" and a wherein clause of two links when the claim uses them', () => {
      const spec = parsed(
        'A system 100 comprising: a processor 102; a memory 104 storing instructions executable by the processor; and a display 106, wherein the processor is coupled to the memory and the display.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 100',
        'PROCESSOR 102 in SYSTEM 100',
        'MEMORY 104 in SYSTEM 100',
        'DISPLAY 106 in SYSTEM 100',
      ])
      expect(outlineLinks(spec)).toEqual([
        'PROCESSOR 102 -- MEMORY 104',
        'PROCESSOR 102 -- DISPLAY 106',
      ])
    })

    it('nests a listed server and sets arrows by verb when the server communicates and a client sends', () => {
      const spec = parsed(
        'A system comprising a server 110 comprising a processor 112 and a memory 114, a database 120, and a client device 130, wherein the server communicates with the database and the client device sends a request to the server.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'SERVER 110 in SYSTEM',
        'PROCESSOR 112 in SERVER 110',
        'MEMORY 114 in SERVER 110',
        'DATABASE 120 in SYSTEM',
        'CLIENT DEVICE 130 in SYSTEM',
      ])
      expect(outlineLinks(spec)).toEqual([
        'SERVER 110 <-> DATABASE 120',
        'CLIENT DEVICE 130 -> SERVER 110 : REQUEST',
      ])
    })

    it('nests three levels deep when later sentences say what each part includes', () => {
      const spec = parsed(
        'FIG. 1 is a block diagram of a system 100 according to an embodiment. The system 100 includes a server 110 that communicates with a client 120 over a network 150. The server 110 includes a processor 112 and a memory 114. In some embodiments, the memory 114 includes a cache 116.',
      )
      // Numbered parts in the order the prompt first writes them.
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 100',
        'SERVER 110 in SYSTEM 100',
        'CLIENT 120',
        'NETWORK 150',
        'PROCESSOR 112 in SERVER 110',
        'MEMORY 114 in SERVER 110',
        'CACHE 116 in MEMORY 114',
      ])
      expect(outlineLinks(spec)).toEqual([
        'SERVER 110 <-> NETWORK 150',
        'NETWORK 150 <-> CLIENT 120',
      ])
    })

    it('adds a part named only in a connection at the top level', () => {
      const spec = parsed(
        'A system comprising a server 110 and a client 120. The server includes a cache 112. The server communicates with a database 130.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'SERVER 110 in SYSTEM',
        'CLIENT 120 in SYSTEM',
        'CACHE 112 in SERVER 110',
        'DATABASE 130',
      ])
      expect(outlineLinks(spec)).toEqual(['SERVER 110 <-> DATABASE 130'])
    })

    it('draws the flow from the sender when tails say "receive a signal from" and "controls"', () => {
      const spec = parsed(
        'An apparatus 300 comprising a sensor 302 configured to measure a temperature, a controller 304 configured to receive a signal from the sensor, and a heater 306 controlled by the controller. The controller 304 controls the heater 306.',
      )
      expect(outlineParts(spec)).toEqual([
        'APPARATUS 300',
        'SENSOR 302 in APPARATUS 300',
        'CONTROLLER 304 in APPARATUS 300',
        'HEATER 306 in APPARATUS 300',
      ])
      expect(outlineLinks(spec)).toEqual([
        'SENSOR 302 -> CONTROLLER 304 : SIGNAL',
        'CONTROLLER 304 -> HEATER 306',
      ])
    })

    it('keeps the first and the second sensor apart when later sentences name each', () => {
      const spec = parsed(
        'A system 400 includes a first sensor 402, a second sensor 404, and a processing unit 406. The first sensor is connected to the processing unit. The second sensor transmits data to the processing unit 406.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 400',
        'FIRST SENSOR 402 in SYSTEM 400',
        'SECOND SENSOR 404 in SYSTEM 400',
        'PROCESSING UNIT 406 in SYSTEM 400',
      ])
      expect(outlineLinks(spec)).toEqual([
        'FIRST SENSOR 402 -- PROCESSING UNIT 406',
        'SECOND SENSOR 404 -> PROCESSING UNIT 406 : DATA',
      ])
    })

    it('links both subjects to a bus when two parts are coupled to it', () => {
      const spec = parsed(
        'A vehicle control system comprising: an engine control unit 502; a battery management system 504; a CAN bus 506; wherein the engine control unit and the battery management system are coupled to the CAN bus.',
      )
      expect(outlineParts(spec)).toEqual([
        'VEHICLE CONTROL SYSTEM',
        'ENGINE CONTROL UNIT 502 in VEHICLE CONTROL SYSTEM',
        'BATTERY MANAGEMENT SYSTEM 504 in VEHICLE CONTROL SYSTEM',
        'CAN BUS 506 in VEHICLE CONTROL SYSTEM',
      ])
      expect(outlineLinks(spec)).toEqual([
        'ENGINE CONTROL UNIT 502 -- CAN BUS 506',
        'BATTERY MANAGEMENT SYSTEM 504 -- CAN BUS 506',
      ])
    })

    it('puts the bus between the two ends when they communicate via a bus', () => {
      const spec = parsed('The processor 102 communicates with the memory 104 via a bus 108.')
      expect(outlineParts(spec)).toEqual(['PROCESSOR 102', 'MEMORY 104', 'BUS 108'])
      expect(outlineLinks(spec)).toEqual(['PROCESSOR 102 <-> BUS 108', 'BUS 108 <-> MEMORY 104'])
    })

    it('reads a claim laid out one element a line with tails that couple, communicate and power', () => {
      const spec = parsed(
        'A wearable health monitor comprising:\na heart rate sensor 12;\nan accelerometer 14;\na microcontroller 16 coupled to the heart rate sensor and the accelerometer;\na Bluetooth Low Energy radio 18 in communication with the microcontroller; and\na rechargeable battery 20 that powers the microcontroller.',
      )
      expect(outlineParts(spec)).toEqual([
        'WEARABLE HEALTH MONITOR',
        'HEART RATE SENSOR 12 in WEARABLE HEALTH MONITOR',
        'ACCELEROMETER 14 in WEARABLE HEALTH MONITOR',
        'MICROCONTROLLER 16 in WEARABLE HEALTH MONITOR',
        'BLUETOOTH LOW ENERGY RADIO 18 in WEARABLE HEALTH MONITOR',
        'RECHARGEABLE BATTERY 20 in WEARABLE HEALTH MONITOR',
      ])
      expect(outlineLinks(spec)).toEqual([
        'MICROCONTROLLER 16 -- HEART RATE SENSOR 12',
        'MICROCONTROLLER 16 -- ACCELEROMETER 14',
        'BLUETOOTH LOW ENERGY RADIO 18 <-> MICROCONTROLLER 16',
        'RECHARGEABLE BATTERY 20 -> MICROCONTROLLER 16',
      ])
    })

    it('follows data through a pipeline when parts write to, read from and store in each other', () => {
      const spec = parsed(
        'A data pipeline comprising an ingestion service that receives events from client applications, a message queue, a stream processor that reads events from the message queue, and a data warehouse. The ingestion service writes the events to the message queue. The stream processor stores aggregated results in the data warehouse.',
      )
      expect(outlineParts(spec)).toEqual([
        'DATA PIPELINE',
        'INGESTION SERVICE in DATA PIPELINE',
        'MESSAGE QUEUE in DATA PIPELINE',
        'STREAM PROCESSOR in DATA PIPELINE',
        'DATA WAREHOUSE in DATA PIPELINE',
        'CLIENT APPLICATIONS',
      ])
      expect(outlineLinks(spec)).toEqual([
        'CLIENT APPLICATIONS -> INGESTION SERVICE : EVENTS',
        'MESSAGE QUEUE -> STREAM PROCESSOR : EVENTS',
        'INGESTION SERVICE -> MESSAGE QUEUE : EVENTS',
        'STREAM PROCESSOR -> DATA WAREHOUSE : AGGREGATED RESULTS',
      ])
    })

    it('reads a sensor-controller-actuator loop when the controller receives and sends', () => {
      const spec = parsed(
        'A system comprising a sensor, a controller, and an actuator, wherein the controller receives a measurement from the sensor and sends a command to the actuator.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'SENSOR in SYSTEM',
        'CONTROLLER in SYSTEM',
        'ACTUATOR in SYSTEM',
      ])
      expect(outlineLinks(spec)).toEqual([
        'SENSOR -> CONTROLLER : MEASUREMENT',
        'CONTROLLER -> ACTUATOR : COMMAND',
      ])
    })

    it('keeps two processors apart when each is listed in a different container', () => {
      const spec = parsed(
        'A system comprising a server comprising a processor and a memory; a client comprising a processor and a display; wherein the server communicates with the client.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'SERVER in SYSTEM',
        'PROCESSOR in SERVER',
        'MEMORY in SERVER',
        'CLIENT in SYSTEM',
        'PROCESSOR in CLIENT',
        'DISPLAY in CLIENT',
      ])
      expect(outlineLinks(spec)).toEqual(['SERVER <-> CLIENT'])
    })

    it('nests devices with ordinal parts and routes over a network when two devices communicate', () => {
      const spec = parsed(
        'A system 900 comprising a first computing device 910 including a first processor 912 and a first memory 914, and a second computing device 920 including a second processor 922 and a second memory 924, wherein the first processor communicates with the second processor over a network 930.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 900',
        'FIRST COMPUTING DEVICE 910 in SYSTEM 900',
        'FIRST PROCESSOR 912 in FIRST COMPUTING DEVICE 910',
        'FIRST MEMORY 914 in FIRST COMPUTING DEVICE 910',
        'SECOND COMPUTING DEVICE 920 in SYSTEM 900',
        'SECOND PROCESSOR 922 in SECOND COMPUTING DEVICE 920',
        'SECOND MEMORY 924 in SECOND COMPUTING DEVICE 920',
        'NETWORK 930',
      ])
      expect(outlineLinks(spec)).toEqual([
        'FIRST PROCESSOR 912 <-> NETWORK 930',
        'NETWORK 930 <-> SECOND PROCESSOR 922',
      ])
    })

    it('reads an IoT claim whose tails name a gateway, the Internet and notifications', () => {
      const spec = parsed(
        'An IoT system 700 comprising: a plurality of sensors 702; a gateway 704 in communication with the sensors 702; a cloud server 706 connected to the gateway 704 via the Internet 708; and a user device 710 that receives notifications from the cloud server 706.',
      )
      expect(outlineParts(spec)).toEqual([
        'IOT SYSTEM 700',
        'SENSORS 702 in IOT SYSTEM 700',
        'GATEWAY 704 in IOT SYSTEM 700',
        'CLOUD SERVER 706 in IOT SYSTEM 700',
        'INTERNET 708',
        'USER DEVICE 710 in IOT SYSTEM 700',
      ])
      expect(outlineLinks(spec)).toEqual([
        'GATEWAY 704 <-> SENSORS 702',
        'CLOUD SERVER 706 -- INTERNET 708',
        'INTERNET 708 -- GATEWAY 704',
        'CLOUD SERVER 706 -> USER DEVICE 710 : NOTIFICATIONS',
      ])
    })

    it('reads a power chain when parts provide, charge and supply each other', () => {
      const spec = parsed(
        'A power system comprising a solar panel 802, a charge controller 804, a battery 806, and an inverter 808. The solar panel provides power to the charge controller. The charge controller charges the battery. The battery supplies power to the inverter.',
      )
      expect(outlineLinks(spec)).toEqual([
        'SOLAR PANEL 802 -> CHARGE CONTROLLER 804 : POWER',
        'CHARGE CONTROLLER 804 -> BATTERY 806',
        'BATTERY 806 -> INVERTER 808 : POWER',
      ])
    })

    it('makes top-level parts of a bare list when the prompt asks to draw them', () => {
      const spec = parsed(
        'Draw a block diagram showing a client, a server and a database, where the client communicates with the server and the server queries the database.',
      )
      expect(outlineParts(spec)).toEqual(['CLIENT', 'SERVER', 'DATABASE'])
      expect(outlineLinks(spec)).toEqual(['CLIENT <-> SERVER', 'SERVER -> DATABASE'])
    })

    it('reads a smartphone of functional parts as a system although it has a housing', () => {
      const spec = parsed(
        'A smartphone comprising a housing, a touchscreen display, a processor, a memory and a battery.',
      )
      expect(spec.kind).toBe('block-diagram')
      expect(outlineParts(spec)).toEqual([
        'SMARTPHONE',
        'HOUSING in SMARTPHONE',
        'TOUCHSCREEN DISPLAY in SMARTPHONE',
        'PROCESSOR in SMARTPHONE',
        'MEMORY in SMARTPHONE',
        'BATTERY in SMARTPHONE',
      ])
    })
    it('links a chain of named parts when the prompt uses arrows', () => {
      const spec = parsed(
        'Block diagram: User -> Web server -> Application server -> Database\nWeb server \u2194 Cache',
      )
      expect(outlineParts(spec)).toEqual([
        'USER',
        'WEB SERVER',
        'APPLICATION SERVER',
        'DATABASE',
        'CACHE',
      ])
      expect(outlineLinks(spec)).toEqual([
        'USER -> WEB SERVER',
        'WEB SERVER -> APPLICATION SERVER',
        'APPLICATION SERVER -> DATABASE',
        'WEB SERVER <-> CACHE',
      ])
    })

    it('reads a colon as "comprising" when the prompt is a terse list', () => {
      const spec = parsed('System 100: processor, memory')
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 100',
        'PROCESSOR in SYSTEM 100',
        'MEMORY in SYSTEM 100',
      ])
    })

    it('reads one link per verb when a wherein clause chains four flows', () => {
      const spec = parsed(
        'A neural network accelerator 1000 comprising an input buffer 1002, a systolic array 1004 of processing elements, a weight memory 1006, an accumulator 1008 and an output buffer 1010, wherein the input buffer feeds activations to the systolic array, the weight memory provides weights to the systolic array, the systolic array outputs partial sums to the accumulator, and the accumulator writes results to the output buffer.',
      )
      expect(outlineParts(spec)).toHaveLength(6)
      expect(outlineLinks(spec)).toEqual([
        'INPUT BUFFER 1002 -> SYSTOLIC ARRAY 1004 : ACTIVATIONS',
        'WEIGHT MEMORY 1006 -> SYSTOLIC ARRAY 1004 : WEIGHTS',
        'SYSTOLIC ARRAY 1004 -> ACCUMULATOR 1008 : PARTIAL SUMS',
        'ACCUMULATOR 1008 -> OUTPUT BUFFER 1010 : RESULTS',
      ])
    })

    it('keeps the subject for a second verb when a sentence says "reads from and writes to"', () => {
      const spec = parsed(
        'A system comprising a frontend, a backend, and a database. The frontend sends HTTP requests to the backend. The backend reads from and writes to the database.',
      )
      expect(outlineLinks(spec)).toEqual([
        'FRONTEND -> BACKEND : HTTP REQUESTS',
        'BACKEND -> DATABASE',
      ])
    })

    it('reads a claim with a "having" sublist, a communicative coupling and a receiving tail', () => {
      const spec = parsed(
        'A system for managing inventory, the system comprising: a warehouse management server 100 having an inventory database 102 and an order processing module 104; a plurality of barcode scanners 110 communicatively coupled to the server 100; and a shipping terminal 120 that receives shipping labels from the order processing module 104.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'WAREHOUSE MANAGEMENT SERVER 100 in SYSTEM',
        'INVENTORY DATABASE 102 in WAREHOUSE MANAGEMENT SERVER 100',
        'ORDER PROCESSING MODULE 104 in WAREHOUSE MANAGEMENT SERVER 100',
        'BARCODE SCANNERS 110 in SYSTEM',
        'SHIPPING TERMINAL 120 in SYSTEM',
      ])
      expect(outlineLinks(spec)).toEqual([
        'BARCODE SCANNERS 110 <-> WAREHOUSE MANAGEMENT SERVER 100',
        'ORDER PROCESSING MODULE 104 -> SHIPPING TERMINAL 120 : SHIPPING LABELS',
      ])
    })
  })

  describe('block diagram labels', () => {
    it('cuts descriptive tails when a part is configured, for, or mounted', () => {
      const spec = parsed(
        'A system comprising a memory configured to store data, a display for showing results, an image processing unit, and a first temperature sensor mounted on the frame.',
      )
      // "mounted on" attaches, as "attached to" does: the frame is drawn, coupled to the sensor.
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'MEMORY in SYSTEM',
        'DISPLAY in SYSTEM',
        'IMAGE PROCESSING UNIT in SYSTEM',
        'FIRST TEMPERATURE SENSOR in SYSTEM',
        'FRAME',
      ])
      expect(outlineLinks(spec)).toEqual(['FIRST TEMPERATURE SENSOR -- FRAME'])
    })

    it('drops articles, "said" and "one or more" when they open a mention', () => {
      const spec = parsed(
        'An apparatus comprising one or more processors 10 and said memory 12, wherein the one or more processors are coupled to said memory.',
      )
      expect(outlineParts(spec)).toEqual([
        'APPARATUS',
        'PROCESSORS 10 in APPARATUS',
        'MEMORY 12 in APPARATUS',
      ])
      expect(outlineLinks(spec)).toEqual(['PROCESSORS 10 -- MEMORY 12'])
    })

    it('keeps numerals written in parentheses and one with a letter suffix as written', () => {
      const spec = parsed(
        'A computing device 600 having a processor (602), a memory (604), and storage 606a.',
      )
      expect(outlineParts(spec)).toEqual([
        'COMPUTING DEVICE 600',
        'PROCESSOR 602 in COMPUTING DEVICE 600',
        'MEMORY 604 in COMPUTING DEVICE 600',
        'STORAGE 606a in COMPUTING DEVICE 600',
      ])
    })

    it('makes no part of instructions, data or a signal when they are what parts store or send', () => {
      const spec = parsed(
        'A system comprising: a processor; and memory storing instructions that, when executed by the processor, cause the processor to: receive a request; determine whether the request is valid; and transmit a response to a client device.',
      )
      expect(outlineParts(spec)).toEqual(['SYSTEM', 'PROCESSOR in SYSTEM', 'MEMORY in SYSTEM'])
    })

    it('makes no part of "the processor is configured to" when a wherein clause says so', () => {
      const spec = parsed(
        'A system comprising a processor and a memory, wherein the processor is configured to execute instructions stored in the memory.',
      )
      expect(outlineParts(spec)).toEqual(['SYSTEM', 'PROCESSOR in SYSTEM', 'MEMORY in SYSTEM'])
      expect(outlineLinks(spec)).toEqual([])
    })

    it('keeps the parenthetical acronym out of the label and an acronym such as CAN in it', () => {
      const spec = parsed(
        'A controller 10 comprising an image signal processor (ISP) 12 and a CAN transceiver 14.',
      )
      expect(outlineParts(spec)).toEqual([
        'CONTROLLER 10',
        'IMAGE SIGNAL PROCESSOR 12 in CONTROLLER 10',
        'CAN TRANSCEIVER 14 in CONTROLLER 10',
      ])
    })
  })

  describe('block diagram references', () => {
    it('finds a part by numeral when the prompt says "element 104"', () => {
      const spec = parsed(
        'A system 100 comprising a processor 102 and a memory 104, wherein element 104 is coupled to the processor.',
      )
      expect(outlineLinks(spec)).toEqual(['MEMORY 104 -- PROCESSOR 102'])
    })

    it('finds a part by its last words when the prompt says "the interface"', () => {
      const spec = parsed(
        'A device comprising a processor 20 and a network interface 22. The processor is coupled to the interface.',
      )
      expect(outlineLinks(spec)).toEqual(['PROCESSOR 20 -- NETWORK INTERFACE 22'])
    })

    it('keeps one part per numeral when a numeral is written twice', () => {
      const spec = parsed('A system 100 comprising a processor 102 and a processor 102.')
      expect(outlineParts(spec)).toEqual(['SYSTEM 100', 'PROCESSOR 102 in SYSTEM 100'])
    })

    it('drops the second numeral rather than repeat it when another part claims it', () => {
      const spec = parsed('A system comprising a processor 102 and a display 102.')
      expect(outlineParts(spec)).toEqual(['SYSTEM', 'PROCESSOR 102 in SYSTEM', 'DISPLAY in SYSTEM'])
    })

    it('merges a coupling and a directed link between one pair into the directed link', () => {
      const spec = parsed(
        'A system comprising a sensor 10 and a controller 12. The sensor is connected to the controller. The sensor sends readings to the controller.',
      )
      expect(outlineLinks(spec)).toEqual(['SENSOR 10 -> CONTROLLER 12 : READINGS'])
    })

    it('makes a two-way link when two parts send to each other', () => {
      const spec = parsed(
        'A system comprising a client 1 and a server 2. The client sends requests to the server. The server sends responses to the client.',
      )
      expect(outlineLinks(spec)).toEqual(['CLIENT 1 <-> SERVER 2 : REQUESTS'])
    })

    it('links parts pairwise when they are coupled together or connected between two others', () => {
      const spec = parsed(
        'A system comprising a processor and a memory. The processor and the memory are coupled together. A display is connected between the processor and a graphics unit.',
      )
      expect(outlineParts(spec)).toEqual([
        'SYSTEM',
        'PROCESSOR in SYSTEM',
        'MEMORY in SYSTEM',
        'DISPLAY',
        'GRAPHICS UNIT',
      ])
      expect(outlineLinks(spec)).toEqual([
        'PROCESSOR -- MEMORY',
        'PROCESSOR -- DISPLAY',
        'DISPLAY -- GRAPHICS UNIT',
      ])
    })

    it('makes "communicatively coupled" a two-way link', () => {
      const spec = parsed(
        'A system 100 comprising a first node 102 and a second node 104, the first node 102 being communicatively coupled to the second node 104.',
      )
      expect(outlineLinks(spec)).toEqual(['FIRST NODE 102 <-> SECOND NODE 104'])
    })

    it('skips a link when the prompt says the parts are not coupled', () => {
      const spec = parsed(
        'A system comprising a processor and a display, wherein the display is not coupled to the processor.',
      )
      expect(outlineParts(spec)).toEqual(['SYSTEM', 'PROCESSOR in SYSTEM', 'DISPLAY in SYSTEM'])
      expect(outlineLinks(spec)).toEqual([])
    })

    it('ignores background prose and alternatives when the claim is followed by description', () => {
      const claim =
        'A system 100 comprising: a server 110 comprising a processor 112 and a memory 114; a database 120; and a client device 130 in communication with the server 110 over a network 140, wherein the server 110 queries the database 120. '
      const prose =
        'In some embodiments, the system may be implemented in a cloud environment, and the various components described herein may be combined or separated as appropriate. The memory 114 may include RAM, ROM, flash, or any other suitable storage, and the processor 112 may be a general purpose processor, a DSP, an ASIC, or an FPGA. '
      let prompt = claim
      while (prompt.length < 9500) prompt += prose
      const spec = parsed(prompt)
      expect(outlineParts(spec)).toEqual([
        'SYSTEM 100',
        'SERVER 110 in SYSTEM 100',
        'PROCESSOR 112 in SERVER 110',
        'MEMORY 114 in SERVER 110',
        'DATABASE 120 in SYSTEM 100',
        'CLIENT DEVICE 130 in SYSTEM 100',
        'NETWORK 140',
      ])
      expect(outlineLinks(spec)).toEqual([
        'CLIENT DEVICE 130 <-> NETWORK 140',
        'NETWORK 140 <-> SERVER 110',
        'SERVER 110 -> DATABASE 120',
      ])
    })
  })

  describe('block diagram link lists', () => {
    it('reads the clause after a semicolon and a relative clause with its own subject', () => {
      const spec = parsed(
        'FIG. 8 is a block diagram of a smart speaker 800. A microphone array 802 feeding a wake-word detector 804; the wake-word detector 804 activates a network module 806, which streams the captured audio to a cloud speech service 808. The cloud speech service 808 returns a spoken response that the network module 806 outputs to a speaker 810.',
      )
      expect(outlineLinks(spec)).toEqual([
        'MICROPHONE ARRAY 802 -> WAKE-WORD DETECTOR 804',
        'WAKE-WORD DETECTOR 804 -> NETWORK MODULE 806',
        'NETWORK MODULE 806 -> CLOUD SPEECH SERVICE 808 : CAPTURED AUDIO',
        'NETWORK MODULE 806 -> SPEAKER 810',
      ])
    })

    it('links every part of a comma list after "coupled to" when the list items say "the"', () => {
      const spec = parsed(
        'An imaging device 300 comprising an image sensor 302, a lens assembly 304, an image signal processor 306 coupled to the image sensor, a memory 308, a display 310, a user interface 312, a battery 314 and a controller 316 coupled to the image signal processor, the memory, the display and the user interface.',
      )
      expect(outlineParts(spec)).toEqual([
        'IMAGING DEVICE 300',
        'IMAGE SENSOR 302 in IMAGING DEVICE 300',
        'LENS ASSEMBLY 304 in IMAGING DEVICE 300',
        'IMAGE SIGNAL PROCESSOR 306 in IMAGING DEVICE 300',
        'MEMORY 308 in IMAGING DEVICE 300',
        'DISPLAY 310 in IMAGING DEVICE 300',
        'USER INTERFACE 312 in IMAGING DEVICE 300',
        'BATTERY 314 in IMAGING DEVICE 300',
        'CONTROLLER 316 in IMAGING DEVICE 300',
      ])
      expect(outlineLinks(spec)).toEqual([
        'IMAGE SIGNAL PROCESSOR 306 -- IMAGE SENSOR 302',
        'CONTROLLER 316 -- IMAGE SIGNAL PROCESSOR 306',
        'CONTROLLER 316 -- MEMORY 308',
        'CONTROLLER 316 -- DISPLAY 310',
        'CONTROLLER 316 -- USER INTERFACE 312',
      ])
    })

    it('links a bare mention and a part listed later when they follow a link in a containment list', () => {
      const spec = parsed(
        'A device 100 comprising a processor 102, a hub 106 coupled to the processor, memory 104, and the display, a memory 104 and a display 108.',
      )
      expect(outlineParts(spec)).toEqual([
        'DEVICE 100',
        'PROCESSOR 102 in DEVICE 100',
        'HUB 106 in DEVICE 100',
        'MEMORY 104 in DEVICE 100',
        'DISPLAY 108 in DEVICE 100',
      ])
      expect(outlineLinks(spec)).toEqual([
        'HUB 106 -- PROCESSOR 102',
        'HUB 106 -- MEMORY 104',
        'HUB 106 -- DISPLAY 108',
      ])
    })

    it('ends the link at a new part or a clause of its own when a containment list goes on', () => {
      const spec = parsed(
        'A device comprising a processor, a memory, a bus, a display, a controller coupled to the processor, the memory and a speaker, and a hub coupled to the processor, the bus connected to the display.',
      )
      expect(outlineParts(spec)).toEqual([
        'DEVICE',
        'PROCESSOR in DEVICE',
        'MEMORY in DEVICE',
        'BUS in DEVICE',
        'DISPLAY in DEVICE',
        'CONTROLLER in DEVICE',
        'SPEAKER in DEVICE',
        'HUB in DEVICE',
      ])
      expect(outlineLinks(spec)).toEqual([
        'CONTROLLER -- PROCESSOR',
        'CONTROLLER -- MEMORY',
        'HUB -- PROCESSOR',
        'BUS -- DISPLAY',
      ])
    })

    it('keeps a "the" part with nothing to refer to as a listed part when it follows a link', () => {
      const spec = parsed(
        'A device comprising a processor, a controller coupled to the processor, and the memory.',
      )
      expect(outlineParts(spec)).toEqual([
        'DEVICE',
        'PROCESSOR in DEVICE',
        'CONTROLLER in DEVICE',
        'MEMORY in DEVICE',
      ])
      expect(outlineLinks(spec)).toEqual(['CONTROLLER -- PROCESSOR'])
    })

    it('links both parts when a listed part is "coupled to the battery and to the microcontroller"', () => {
      const spec = parsed(
        'A sensor node comprising a battery, a microcontroller, a power management circuit coupled to the battery and to the microcontroller, a radio coupled to the microcontroller, and to the battery, and an antenna.',
      )
      expect(outlineLinks(spec)).toEqual([
        'POWER MANAGEMENT CIRCUIT -- BATTERY',
        'POWER MANAGEMENT CIRCUIT -- MICROCONTROLLER',
        'RADIO -- MICROCONTROLLER',
        'RADIO -- BATTERY',
      ])
    })

    it('links both parts when a sentence repeats "to" or "with" after "and"', () => {
      const spec = parsed(
        'A network comprising a radio unit, a baseband unit, an antenna array, a mobility management entity and a serving gateway. The radio unit is coupled to the baseband unit and to the antenna array. The baseband unit communicates with the mobility management entity and with the serving gateway.',
      )
      expect(outlineLinks(spec)).toEqual([
        'RADIO UNIT -- BASEBAND UNIT',
        'RADIO UNIT -- ANTENNA ARRAY',
        'BASEBAND UNIT <-> MOBILITY MANAGEMENT ENTITY',
        'BASEBAND UNIT <-> SERVING GATEWAY',
      ])
    })

    it('ends the objects at a comma that starts an aside rather than repeating the preposition', () => {
      const spec = parsed(
        'A device comprising a hub, a sensor and a display. The hub is coupled to the sensor, with the display mounted thereon.',
      )
      expect(outlineLinks(spec)).toEqual(['HUB -- SENSOR'])
    })

    it('reads every link of an IoT claim whose listed part is coupled "to the battery and to the microcontroller"', () => {
      const spec = parsed(
        'An apparatus comprising a microcontroller, a temperature sensor, a humidity sensor, a pressure sensor, a battery, a power management circuit coupled to the battery and to the microcontroller, a radio transceiver, an antenna coupled to the radio transceiver, and a flash memory. The microcontroller is coupled to the temperature sensor, the humidity sensor, the pressure sensor, the radio transceiver and the flash memory.',
      )
      expect(outlineLinks(spec)).toEqual([
        'POWER MANAGEMENT CIRCUIT -- BATTERY',
        'POWER MANAGEMENT CIRCUIT -- MICROCONTROLLER',
        'ANTENNA -- RADIO TRANSCEIVER',
        'MICROCONTROLLER -- TEMPERATURE SENSOR',
        'MICROCONTROLLER -- HUMIDITY SENSOR',
        'MICROCONTROLLER -- PRESSURE SENSOR',
        'MICROCONTROLLER -- RADIO TRANSCEIVER',
        'MICROCONTROLLER -- FLASH MEMORY',
      ])
    })

    it('reads every link of a nested network claim whose sentences repeat "to" and "with"', () => {
      const spec = parsed(
        'A communication system comprising: a base station comprising a baseband unit, a radio unit and an antenna array; a core network comprising a mobility management entity, a serving gateway and a packet gateway; and a user equipment comprising a modem and an application processor. The radio unit is coupled to the baseband unit and to the antenna array. The baseband unit communicates with the mobility management entity and with the serving gateway. The serving gateway is coupled to the packet gateway. The modem communicates with the antenna array. The modem is coupled to the application processor.',
      )
      expect(outlineLinks(spec)).toEqual([
        'RADIO UNIT -- BASEBAND UNIT',
        'RADIO UNIT -- ANTENNA ARRAY',
        'BASEBAND UNIT <-> MOBILITY MANAGEMENT ENTITY',
        'BASEBAND UNIT <-> SERVING GATEWAY',
        'SERVING GATEWAY -- PACKET GATEWAY',
        'MODEM <-> ANTENNA ARRAY',
        'MODEM -- APPLICATION PROCESSOR',
      ])
    })

    it('reads every link of a fifteen-part control claim whose sentences list, chain and power parts', () => {
      const spec = parsed(
        'A control system comprising a controller, a first sensor, a second sensor, an actuator, a power supply, a memory, a display, a keypad, a wireless transceiver, an antenna, a cloud server, a database, a user device, a clock and a battery. The controller is coupled to the first sensor, the second sensor, the actuator, the power supply, the memory, the display, the keypad, the wireless transceiver and the clock. The wireless transceiver is coupled to the antenna. The antenna communicates with the cloud server. The cloud server is coupled to the database. The user device communicates with the cloud server. The battery provides power to the power supply.',
      )
      expect(outlineLinks(spec)).toEqual([
        'CONTROLLER -- FIRST SENSOR',
        'CONTROLLER -- SECOND SENSOR',
        'CONTROLLER -- ACTUATOR',
        'CONTROLLER -- POWER SUPPLY',
        'CONTROLLER -- MEMORY',
        'CONTROLLER -- DISPLAY',
        'CONTROLLER -- KEYPAD',
        'CONTROLLER -- WIRELESS TRANSCEIVER',
        'CONTROLLER -- CLOCK',
        'WIRELESS TRANSCEIVER -- ANTENNA',
        'ANTENNA <-> CLOUD SERVER',
        'CLOUD SERVER -- DATABASE',
        'USER DEVICE <-> CLOUD SERVER',
        'BATTERY -> POWER SUPPLY : POWER',
      ])
    })
  })

  describe('block diagram input', () => {
    it('reads the same figure when the prompt is in capitals with extra whitespace', () => {
      const plain = parsed(
        'A system comprising a processor and a memory, wherein the processor is coupled to the memory.',
      )
      const shouted = parsed(
        '  A SYSTEM   COMPRISING A PROCESSOR\n\n AND A MEMORY,   WHEREIN THE PROCESSOR IS COUPLED TO THE MEMORY.  ',
      )
      expect(shouted).toEqual(plain)
    })

    it('reads curly quotes, em dashes and a trailing period without effect', () => {
      const spec = parsed(
        '\u201CA controller 5 comprising a \u2018smart\u2019 sensor 6 \u2014 and a relay 7.\u201D',
      )
      expect(outlineParts(spec)).toEqual([
        'CONTROLLER 5',
        'SMART SENSOR 6 in CONTROLLER 5',
        'RELAY 7 in CONTROLLER 5',
      ])
    })

    it('gives the same ids and order when the same prompt is parsed twice', () => {
      const prompt =
        'A system comprising a sensor, a controller, and an actuator, wherein the controller receives a measurement from the sensor and sends a command to the actuator.'
      expect(parsePrompt(prompt)).toEqual(parsePrompt(prompt))
      expect(parsed(prompt).elements.map((part) => part.id)).toEqual(['p1', 'p2', 'p3', 'p4'])
    })

    it('keeps the primes of a numeral and links a plural to every part it names', () => {
      const primed = parsed(
        "A system 100 comprising a processor 102, a processor 102' and a memory 104.",
      )
      expect(outlineParts(primed)).toEqual([
        'SYSTEM 100',
        'PROCESSOR 102 in SYSTEM 100',
        "PROCESSOR 102' in SYSTEM 100",
        'MEMORY 104 in SYSTEM 100',
      ])
      const range = parsed(
        'A system 300 comprising sensors 302a-302c and a hub 304 coupled to the sensors.',
      )
      expect(outlineLinks(range)).toEqual([
        'HUB 304 -- SENSOR 302a',
        'HUB 304 -- SENSOR 302b',
        'HUB 304 -- SENSOR 302c',
      ])
    })

    it('reads "each of ... to each of ..." and pairs numbered lists "respectively"', () => {
      const mesh = parsed(
        'A network 200 comprising leaf switches 222a and 222b and spine switches 212a and 212b. Each of the leaf switches 222a and 222b is connected to each of the spine switches 212a and 212b.',
      )
      expect(outlineLinks(mesh)).toHaveLength(4)
      const radio = parsed(
        'A radio unit 700 comprising converters 704a and 704b, amplifiers 706a and 706b and antennas 708a and 708b, wherein the converters 704a and 704b feed the amplifiers 706a and 706b, respectively, and the amplifiers 706a and 706b drive the antennas 708a and 708b, respectively.',
      )
      expect(outlineLinks(radio)).toEqual([
        'CONVERTER 704a -> AMPLIFIER 706a',
        'CONVERTER 704b -> AMPLIFIER 706b',
        'AMPLIFIER 706a -> ANTENNA 708a',
        'AMPLIFIER 706b -> ANTENNA 708b',
      ])
    })
  })
})
