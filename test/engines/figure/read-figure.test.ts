// readFigure on informal prompts whose parts the rule reader passed over: every part the prompt
// names is drawn or named in a warning, never silently lost, and no verb ends up in a label.

import { describe, expect, it } from 'vitest'
import { readFigure } from '../../../src/engines/figure/read-figure'

/** The reading's labels and its warnings, for a prompt that must read. */
function read(prompt: string) {
  const result = readFigure(prompt)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  const labels = result.figure.elements.map((e) => e.label)
  return { figure: result.figure, labels, warned: result.warnings.join(' ') }
}

describe('readFigure', () => {
  it('names the second of two joined subjects when their plural verb is not read ("GPS and IMU feed into it")', () => {
    const { labels, warned } = read(
      'can you draw a block diagram of the electronics on my drone? flight controller in the middle. GPS and IMU feed into it. it drives 4 ESCs and each ESC drives a motor. a 4S LiPo battery powers the ESCs and the flight controller through a power distribution board.',
    )
    for (const part of ['GPS', 'IMU', 'MOTOR']) {
      expect(labels.includes(part) || warned.includes(part), part).toBe(true)
    }
    expect(labels.join(' ')).not.toMatch(/\b(?:FEED|DRIVES?)\b/)
  })

  it('draws a link word written as equipment that acts ("a grid connection powers a rectifier")', () => {
    const { figure, labels } = read(
      'Block diagram of an electric vehicle charger: a grid connection powers a rectifier; the rectifier feeds a DC-DC converter, which charges the vehicle battery. A charge controller controls the DC-DC converter.',
    )
    expect(labels).toEqual([
      'GRID CONNECTION',
      'RECTIFIER',
      'DC-DC CONVERTER',
      'VEHICLE BATTERY',
      'CHARGE CONTROLLER',
    ])
    const id = (label: string) => figure.elements.find((e) => e.label === label)!.id
    expect(figure.connections.map((c) => [c.from, c.to])).toEqual([
      [id('GRID CONNECTION'), id('RECTIFIER')],
      [id('RECTIFIER'), id('DC-DC CONVERTER')],
      [id('DC-DC CONVERTER'), id('VEHICLE BATTERY')],
      [id('CHARGE CONTROLLER'), id('DC-DC CONVERTER')],
    ])
  })

  it("reads a heading before a colon as the whole, not as a container of the first sentence's parts", () => {
    const { figure, labels, warned } = read(
      'Block diagram of an electric vehicle charger: a rectifier feeds a DC-DC converter, which charges the vehicle battery. A charge controller controls the DC-DC converter.',
    )
    expect(labels).toEqual(['RECTIFIER', 'DC-DC CONVERTER', 'VEHICLE BATTERY', 'CHARGE CONTROLLER'])
    expect(figure.elements.every((e) => e.kind === 'block' && !e.parent)).toBe(true)
    // The whole is not drawn, and the response says so.
    expect(warned).toMatch(/ELECTRIC VEHICLE CHARGER/)
  })

  it('joins the two parts a medium connects ("a wireless link connects the sensor to the hub")', () => {
    const { figure, labels } = read(
      'A wireless link connects the sensor to the hub. The hub sends data to a server.',
    )
    expect(labels).toEqual(['SENSOR', 'HUB', 'SERVER'])
    expect(figure.connections[0]).toMatchObject({
      from: figure.elements[0]!.id,
      to: figure.elements[1]!.id,
      arrow: 'none',
      label: 'WIRELESS LINK',
    })
  })

  it('reads "drives 2 fans 108" as a verb and its counted object, not as the part\'s name', () => {
    const { figure } = read(
      'A storage array 100 comprises disk drives 104 and 106 and a controller 102. The controller 102 drives 2 fans 108.',
    )
    const byNumeral = Object.fromEntries(figure.elements.map((e) => [e.numeral, e]))
    expect(byNumeral['102']!.label).toBe('CONTROLLER')
    expect(byNumeral['108']!.label).toBe('FANS')
    expect(byNumeral['104']!.label).toBe('DISK DRIVE')
    expect(figure.connections.map((c) => [c.from, c.to])).toContainEqual([
      byNumeral['102']!.id,
      byNumeral['108']!.id,
    ])
  })

  it('reads an informal prompt with bare names, "it" and counts as the drafter meant it', () => {
    const { figure, labels, warned } = read(
      'flight controller in the middle. GPS and IMU feed into it. it drives 4 ESCs and each ESC drives a motor. a 4S LiPo battery powers the ESCs and the flight controller through a power distribution board.',
    )
    const id = (label: string) => figure.elements.find((e) => e.label === label)!.id
    const links = figure.connections.map((c) => `${c.from}>${c.to}`)
    for (const [from, to] of [
      ['GPS', 'FLIGHT CONTROLLER'],
      ['IMU', 'FLIGHT CONTROLLER'],
      ['FLIGHT CONTROLLER', 'ESCS'],
      ['ESCS', 'MOTOR'],
    ]) {
      expect(links, `${from} -> ${to}`).toContain(`${id(from!)}>${id(to!)}`)
    }
    // Each ESC drives a motor; the flight controller does not.
    expect(links).not.toContain(`${id('FLIGHT CONTROLLER')}>${id('MOTOR')}`)
    expect(labels).not.toContain('IT')
    expect(warned).toBe('')
  })

  it('draws bare names that act ("turntable goes into a phono preamp")', () => {
    const { figure, labels } = read(
      'turntable goes into a phono preamp, the preamp goes into the amp, and the amp drives two speakers.',
    )
    expect(labels).toEqual(['TURNTABLE', 'PHONO PREAMP', 'AMP', 'SPEAKERS'])
    expect(figure.connections.map((c) => [c.from, c.to])).toEqual([
      ['p1', 'p2'],
      ['p2', 'p3'],
      ['p3', 'p4'],
    ])
  })

  it('ends a condition where its action\'s own subject starts ("if the item is damaged we send it ...")', () => {
    const { figure } = read(
      'returns process: the customer starts a return in the app. if the item is damaged we send it to liquidation, otherwise it goes back on the shelf. then the customer gets refunded.',
    )
    const decision = figure.elements.find((e) => e.kind === 'decision')!
    expect(decision.label).toBe('ITEM IS DAMAGED?')
    const yes = figure.connections.find((c) => c.from === decision.id && c.label === 'YES')!
    expect(figure.elements.find((e) => e.id === yes.to)!.label).toBe('SEND IT TO LIQUIDATION')
    // ... or its own subject after the condition's predicate.
    const lab = read(
      'the tube is loaded on the analyzer. if a result is critical a tech calls the doctor, otherwise the results are auto-verified. the results are then sent to the EHR.',
    )
    expect(lab.labels).toContain('RESULT IS CRITICAL?')
    expect(lab.labels).toContain('TECH CALLS THE DOCTOR')
  })

  it('draws a check whose marker sits inside its clause, and a join "in all cases"', () => {
    const { figure } = read(
      'FIG. 14 is a flowchart of a routine 1400. At 1402, the controller reads the load. At 1404, the controller determines whether the load exceeds a limit. If it does, the battery is discharged at 1406. If it does not, the controller determines at 1408 whether the charge is below 90%, and if so charges the battery at 1410. In all cases, the routine then waits one minute (1412) and returns to 1402.',
    )
    const byNumeral = Object.fromEntries(figure.elements.map((e) => [e.numeral, e]))
    expect(byNumeral['1408']).toMatchObject({ kind: 'decision', label: 'CHARGE IS BELOW 90%?' })
    expect(byNumeral['1410']!.label).toBe('CHARGES THE BATTERY')
    expect(byNumeral['1412']!.label).toBe('ROUTINE THEN WAITS ONE MINUTE')
  })

  it('reads "it" after a subject of several parts, "run off", and a later "it" in the sentence', () => {
    const robot = read(
      'warehouse robot. lidar and bumper sensors go to the nav computer. it sends velocity commands to the motor controller, which drives the two wheel motors. nav computer and motor controller both run off a 24v battery through a bms.',
    )
    const links = (r: typeof robot) => {
      const name = (id: string) => r.figure.elements.find((e) => e.id === id)!.label
      return r.figure.connections.map((c) => `${name(c.from)} > ${name(c.to)}`)
    }
    expect(links(robot)).toEqual(
      expect.arrayContaining([
        'LIDAR > NAV COMPUTER',
        'NAV COMPUTER > MOTOR CONTROLLER',
        '24V BATTERY > BMS',
        'BMS > NAV COMPUTER',
        'BMS > MOTOR CONTROLLER',
      ]),
    )
    const greenhouse = read(
      'temp/humidity sensors report to the controller, and it opens the roof vents and runs the fans.',
    )
    expect(greenhouse.labels).toEqual(['TEMP/HUMIDITY SENSORS', 'CONTROLLER', 'ROOF VENTS', 'FANS'])
    expect(links(greenhouse)).toEqual([
      'TEMP/HUMIDITY SENSORS > CONTROLLER',
      'CONTROLLER > ROOF VENTS',
      'CONTROLLER > FANS',
    ])
  })

  it('keeps "the lauter tun" apart from "the mash tun"', () => {
    const { labels } = read(
      'mash tun feeds the lauter tun. the lauter tun feeds the kettle. the controller runs the burner, which heats the kettle.',
    )
    expect(labels).toEqual(expect.arrayContaining(['MASH TUN', 'LAUTER TUN', 'KETTLE', 'BURNER']))
  })

  it('reads branches typed as arrows, and refuses one it cannot place', () => {
    const { figure } = read(
      'preflight: power on, wait for gps lock. got 8+ sats? no -> keep waiting. yes -> arm motors.',
    )
    const decision = figure.elements.find((e) => e.kind === 'decision')!
    expect(decision.label).toBe('GOT 8+ SATS?')
    const branch = (label: string) =>
      figure.elements.find(
        (e) =>
          e.id === figure.connections.find((c) => c.from === decision.id && c.label === label)?.to,
      )?.label
    expect([branch('YES'), branch('NO')]).toEqual(['ARM MOTORS', 'KEEP WAITING'])
    const typed = readFigure(
      'intake: we scan the barcode and look it up. no match -> put it in the exceptions rack. match -> load it.',
    )
    expect(typed.ok).toBe(false)
    if (!typed.ok) expect(typed.message).toMatch(/"no match ->" is a branch written with an arrow/)
  })

  it('reads a chain of names joined by arrows as a block diagram, not as steps', () => {
    const { figure } = read(
      'xenon lamp -> chopper -> monochromator -> sample cuvette -> photodiode. the photodiode output goes to a lock-in amp.',
    )
    expect(figure.kind).toBe('block-diagram')
    expect(figure.elements.map((e) => e.label).slice(0, 3)).toEqual([
      'XENON LAMP',
      'CHOPPER',
      'MONOCHROMATOR',
    ])
  })

  it("keeps a containing verb and an acronym's words out of the wrong labels", () => {
    const { figure } = read(
      'FIG. 6 is a block diagram of test equipment 600 for testing a device under test (DUT) 650. The test equipment 600 comprises a test head 602. The test head 602 houses pin electronics cards 608a and 608b, and the DUT 650 is coupled to the test head 602.',
    )
    const byNumeral = Object.fromEntries(figure.elements.map((e) => [e.numeral, e.label]))
    expect(byNumeral['608a']).toBe('PIN ELECTRONICS CARD')
    expect(byNumeral['650']).toBe('DEVICE-UNDER-TEST')
  })

  it('reads "the fc" as the flight controller and "report back to it"', () => {
    const quad = read(
      'flight controller -> 4 escs -> 4 motors. gps and compass both plug into the fc.',
    )
    expect(quad.labels).not.toContain('FC')
    const id = (label: string) => quad.figure.elements.find((e) => e.label === label)!.id
    const links = quad.figure.connections.map((c) => `${c.from}>${c.to}`)
    expect(links).toContain(`${id('GPS')}>${id('FLIGHT CONTROLLER')}`)
    expect(links).toContain(`${id('COMPASS')}>${id('FLIGHT CONTROLLER')}`)
    const board = read(
      'mainboard drives the steppers. hotend thermistor and bed thermistor report back to it.',
    )
    expect(board.labels).toEqual(['MAINBOARD', 'STEPPERS', 'HOTEND THERMISTOR', 'BED THERMISTOR'])
  })

  it('reads "patch holds ...", short names ("ppg", "accel") and the can bus', () => {
    const patch = read(
      'patch holds ppg sensor, accelerometer, mcu and a coin cell. ppg and accel both feed the mcu, which sends vitals to the phone app.',
    )
    expect(patch.labels).toEqual([
      'PATCH',
      'PPG SENSOR',
      'ACCELEROMETER',
      'MCU',
      'COIN CELL',
      'PHONE APP',
    ])
    expect(patch.warned).toBe('')
    const bike = read(
      'battery pack feeds the motor controller. display talks to it over the can bus.',
    )
    expect(bike.labels).toContain('CAN BUS')
  })

  it('draws software inside the host it lives or runs on, and a battery it runs on as a source', () => {
    const { figure } = read(
      'mainboard drives the steppers. klipper lives on a raspberry pi, which talks to the mainboard over usb. the fan runs on a battery.',
    )
    const byLabel = Object.fromEntries(figure.elements.map((e) => [e.label, e]))
    expect(byLabel.KLIPPER!.parent).toBe(byLabel['RASPBERRY PI']!.id)
    expect(byLabel['RASPBERRY PI']!.kind).toBe('container')
    expect(byLabel.FAN!.parent).toBeUndefined()
    expect(
      figure.connections.some((c) => c.from === byLabel.BATTERY!.id && c.to === byLabel.FAN!.id),
    ).toBe(true)
  })

  it('draws what sits inside or in a part inside it ("heater sits inside the boiler")', () => {
    const { figure } = read(
      'water tank -> pump -> boiler. heater sits inside the boiler. the controller and a 4g modem sit in a control cabinet; the controller talks to the modem.',
    )
    const byLabel = Object.fromEntries(figure.elements.map((e) => [e.label, e]))
    expect(byLabel.HEATER!.parent).toBe(byLabel.BOILER!.id)
    expect(byLabel['4G MODEM']!.parent).toBe(byLabel['CONTROL CABINET']!.id)
    expect(byLabel.CONTROLLER!.parent).toBe(byLabel['CONTROL CABINET']!.id)
    expect(
      figure.connections.some(
        (c) => c.from === byLabel.CONTROLLER!.id && c.to === byLabel['4G MODEM']!.id,
      ),
    ).toBe(true)
  })

  it('reads "a ... process 1700" as a flowchart and "In a first step 1902," as a marker', () => {
    const maple = read(
      'FIG. 17 illustrates a draw-off control process 1700 for a maple syrup evaporator. In operation 1702, the controller measures the temperature. Operation 1704 determines whether the temperature has reached the setpoint. If so, the draw-off valve is opened in operation 1706; if not, the process returns to operation 1702.',
    )
    expect(maple.figure.kind).toBe('flowchart')
    const bells = read(
      'FIG. 19 shows a method 1900 of playing peals. In a first step 1902, the controller loads the schedule. Before striking, it determines in step 1908 whether an override is active. If so, the peal is skipped in step 1910; otherwise, the controller rings the bells in step 1912.',
    )
    const byNumeral = Object.fromEntries(bells.figure.elements.map((e) => [e.numeral, e]))
    expect(byNumeral['1902']!.label).toBe('CONTROLLER LOADS THE SCHEDULE')
    expect(byNumeral['1908']).toMatchObject({ kind: 'decision', label: 'OVERRIDE IS ACTIVE?' })
  })

  it('reads "capture box goes to the stream pc" as parts, though "capture" and "stream" lead steps', () => {
    const { figure } = read(
      'capture box goes to the stream pc, which pushes the feed to the cdn. stream pc talks to the overlay server for live scores.',
    )
    expect(figure.kind).toBe('block-diagram')
    expect(figure.elements.map((e) => e.label)).toEqual(
      expect.arrayContaining(['CAPTURE BOX', 'STREAM PC', 'CDN']),
    )
  })
})
