// Twenty prompts a patent drafter might send /figures: system diagrams of 3 to 15 blocks (some
// nested), and methods of 4 to 12 steps with decisions and loops. Used by the gallery
// (`npm run gallery`) and, the two named ones, by the figures benchmark.

export const GALLERY_PROMPTS = [
  {
    name: 'system-3',
    prompt:
      'A system comprising a sensor, a controller coupled to the sensor, and an actuator controlled by the controller.',
  },
  {
    name: 'computer-5',
    prompt:
      'A computing device 100 comprising a processor 102, a memory 104 coupled to the processor, a storage device 106, a display 108 and a network interface 110 coupled to the processor.',
  },
  {
    name: 'client-server',
    prompt:
      'A system comprising a client device, a server and a database. The client device communicates with the server over a network. The server is coupled to the database.',
  },
  {
    name: 'nested-server',
    prompt:
      'A system 200 comprising: a server 210 comprising a processor 212 and a memory 214; a client device 220 comprising a touch screen 222 and a wireless transceiver 224; and a database 230. The wireless transceiver communicates with the server. The server is coupled to the database.',
  },
  {
    name: 'vehicle-7',
    prompt:
      'A vehicle control system comprising a camera, a radar sensor, a lidar sensor, a perception module that receives data from the camera, the radar sensor and the lidar sensor, a planning module coupled to the perception module, and a steering controller that receives commands from the planning module.',
  },
  {
    name: 'iot-9',
    prompt:
      'An apparatus comprising a microcontroller, a temperature sensor, a humidity sensor, a pressure sensor, a battery, a power management circuit coupled to the battery and to the microcontroller, a radio transceiver, an antenna coupled to the radio transceiver, and a flash memory. The microcontroller is coupled to the temperature sensor, the humidity sensor, the pressure sensor, the radio transceiver and the flash memory.',
  },
  {
    name: 'pipeline-6',
    prompt:
      'A data processing system comprising an ingestion module, a parser, a validation engine, a transformation engine, a storage layer and a reporting module. The ingestion module sends raw records to the parser. The parser sends parsed records to the validation engine. The validation engine sends valid records to the transformation engine. The transformation engine writes to the storage layer. The reporting module reads from the storage layer.',
  },
  {
    name: 'camera-8',
    prompt:
      'An imaging device 300 comprising an image sensor 302, a lens assembly 304, an image signal processor 306 coupled to the image sensor, a memory 308, a display 310, a user interface 312, a battery 314 and a controller 316 coupled to the image signal processor, the memory, the display and the user interface.',
  },
  {
    name: 'network-nested-12',
    prompt:
      'A communication system comprising: a base station comprising a baseband unit, a radio unit and an antenna array; a core network comprising a mobility management entity, a serving gateway and a packet gateway; and a user equipment comprising a modem and an application processor. The radio unit is coupled to the baseband unit and to the antenna array. The baseband unit communicates with the mobility management entity and with the serving gateway. The serving gateway is coupled to the packet gateway. The modem communicates with the antenna array. The modem is coupled to the application processor.',
  },
  {
    name: 'controller-15',
    prompt:
      'A control system comprising a controller, a first sensor, a second sensor, an actuator, a power supply, a memory, a display, a keypad, a wireless transceiver, an antenna, a cloud server, a database, a user device, a clock and a battery. The controller is coupled to the first sensor, the second sensor, the actuator, the power supply, the memory, the display, the keypad, the wireless transceiver and the clock. The wireless transceiver is coupled to the antenna. The antenna communicates with the cloud server. The cloud server is coupled to the database. The user device communicates with the cloud server. The battery provides power to the power supply.',
  },
  {
    name: 'method-4',
    prompt:
      'A method comprising: receiving an image; detecting edges in the image; generating a line drawing from the edges; and storing the line drawing.',
  },
  {
    name: 'method-auth-6',
    prompt:
      'A method 400 comprising: receiving a request from a client 402; authenticating the client 404; determining whether the client is authorized 406; if so, retrieving a record 408; otherwise, sending an error message 410; and sending the response 412.',
  },
  {
    name: 'method-loop-7',
    prompt:
      'A method comprising: receiving a batch of records; selecting a next record; validating the record; determining whether the record is valid; if not, logging an error; storing the record; determining whether more records remain; if so, returning to the selecting step; and generating a report.',
  },
  {
    name: 'method-numbered-5',
    prompt:
      '1. Capture a frame from the camera. 2. Detect objects in the frame. 3. Classify each detected object. 4. Update the tracking state. 5. Output the tracked objects.',
  },
  {
    name: 'method-payment-8',
    prompt:
      'A method for processing a payment, comprising: receiving a payment request from a merchant; verifying a signature of the payment request; determining whether the signature is valid; if not, rejecting the payment request; checking a balance of an account; determining whether the balance is sufficient; if not, declining the payment; otherwise, debiting the account; and sending a confirmation to the merchant.',
  },
  {
    name: 'method-training-10',
    prompt:
      'A method of training a model, comprising: obtaining a training data set; splitting the training data set into batches; initializing parameters of the model; computing a loss for a batch; computing gradients of the loss; updating the parameters using the gradients; determining whether a stopping criterion is met; if not, returning to the computing a loss step; evaluating the model on a validation set; and storing the model.',
  },
  {
    name: 'method-steps-numbered-6',
    prompt:
      'A method 500 comprising: step 502: receiving sensor data; step 504: filtering the sensor data; step 506: determining whether a threshold is exceeded; step 508: if so, activating an alarm; step 510: otherwise, continuing monitoring; step 512: recording the event.',
  },
  {
    name: 'method-first-then-5',
    prompt:
      'First, the device wakes up from a low power mode. Then, the device measures a temperature. Then, the device transmits the temperature to a server. Finally, the device returns to the low power mode.',
  },
  {
    name: 'method-order-12',
    prompt:
      'A method comprising: receiving an order; validating the order; determining whether the items are in stock; if not, placing a back order; reserving the items; calculating a shipping cost; charging a payment method; determining whether the payment succeeded; if not, notifying the customer of a payment failure; generating a shipping label; dispatching the items; and sending a tracking number to the customer.',
  },
  {
    name: 'method-manufacture-9',
    prompt:
      'A method of manufacturing a semiconductor device, comprising: providing a substrate; depositing an oxide layer on the substrate; applying a photoresist; exposing the photoresist through a mask; developing the photoresist; etching the oxide layer; removing the photoresist; inspecting the substrate; and determining whether defects are present, and if so, reworking the substrate.',
  },
]

/** The benchmark's two figures: a 12-block system diagram and a 10-step flowchart. */
export const BENCH_PROMPTS = {
  diagram12: GALLERY_PROMPTS.find((p) => p.name === 'network-nested-12').prompt,
  flow10: GALLERY_PROMPTS.find((p) => p.name === 'method-training-10').prompt,
}
