// Object prompts for the object drafter (readObjectFigure → draftObject), written for the gallery
// as drafters write them (none copied from test/corpus/objects): household items, tools,
// furniture, containers, mechanical assemblies, medical and electronic devices, each in
// perspective; eleven also as a design-patent set of seven views and six as an exploded view. Most
// number their parts; a few are plain requests with no numerals. Used by `npm run gallery`, and the
// three named in OBJECT_BENCH_PROMPTS by `npm run bench -- figures` and `npm run memory`.

/**
 * One object each: `prompt` asks for a perspective view; `designSet` and `exploded`, when
 * present, ask for the same object as seven design-patent views or as an exploded view.
 */
export const OBJECT_PROMPTS = [
  // Household items.
  {
    name: 'table-lamp',
    field: 'household',
    prompt:
      'FIG. 1 is a perspective view of a table lamp 100 having a round base 102, a vertical stem 104 extending upward from the center of the base, a conical shade 106 at the upper end of the stem, and a switch knob 108 on the base.',
    designSet:
      'FIGS. 1-7 are front, rear, left side, right side, top, bottom and perspective views of a table lamp 100 having a round base 102, a vertical stem 104 extending upward from the center of the base, a conical shade 106 at the upper end of the stem, and a switch knob 108 on the base.',
  },
  {
    name: 'teapot',
    field: 'household',
    prompt:
      'A teapot 10 comprising a round body 12, a lid 14 on top of the body, a knob 16 on the lid, a spout 18 extending from the front of the body, and a handle 20 attached to the rear of the body.',
  },
  {
    name: 'toaster',
    field: 'household',
    prompt:
      'FIG. 1 is a perspective view of a toaster 200 having a rectangular housing 202, two bread slots 204 in the top of the housing, a lever 206 on the front face of the housing, and a browning dial 208 on the front face beside the lever.',
    designSet:
      'Ornamental design for a toaster, as shown in the front, rear, left, right, top, bottom and perspective views. The toaster 200 has a rectangular housing 202, two bread slots 204 in the top of the housing, a lever 206 on the front face of the housing, and a browning dial 208 on the front face beside the lever.',
  },
  {
    name: 'desk-clock',
    field: 'household',
    prompt:
      'A desk clock 30 comprising a cylindrical case 32, a round dial face 34 on the front of the case, two bells 36 on top of the case, and two short legs 38 under the case.',
  },
  {
    name: 'candlestick',
    field: 'household',
    prompt:
      'A candlestick 50 has a flat circular base 52, a tall cylindrical stem 54 rising from the center of the base, a cup 56 on top of the stem, and a drip ring 58 around the stem below the cup.',
  },
  {
    name: 'soap-dispenser',
    field: 'household',
    prompt:
      'FIG. 2 is a perspective view of a soap dispenser 60 comprising a cylindrical bottle 62, a collar 64 on top of the bottle, a pump head 66 on top of the collar, and a nozzle 68 extending from the front of the pump head.',
  },
  {
    name: 'umbrella-stand',
    field: 'household',
    prompt:
      'Patent drawing of an umbrella stand: a tall hollow cylindrical body, a flat round base under the body, and two ring handles on the left and right sides of the body.',
  },
  // Tools.
  {
    name: 'claw-hammer',
    field: 'tools',
    prompt:
      'A hammer 10 comprising an elongated handle 12, a head 14 at the upper end of the handle, a striking face 16 on one end of the head, and a claw 18 on the other end of the head.',
  },
  {
    name: 'bench-vise',
    field: 'tools',
    prompt:
      'A bench vise 300 comprising a rectangular base 302, a fixed jaw 304 on top of the base, a movable jaw 306 facing the fixed jaw, a screw 308 extending through the movable jaw, and a handle bar 310 through the end of the screw.',
  },
  {
    name: 'tape-measure',
    field: 'tools',
    prompt:
      'FIG. 1 is a perspective view of a tape measure 40 having a rounded rectangular case 42, a tape blade 44 extending from the front of the case, a hook 46 at the end of the blade, a lock button 48 on top of the case, and a belt clip 50 on the rear of the case.',
    designSet:
      'FIGS. 1-7 show the front, rear, left, right, top, bottom and perspective views of a tape measure 40 having a rounded rectangular case 42, a tape blade 44 extending from the front of the case, a hook 46 at the end of the blade, a lock button 48 on top of the case, and a belt clip 50 on the rear of the case.',
  },
  {
    name: 'paint-roller',
    field: 'tools',
    prompt:
      'A paint roller 70 comprising a handle 72, a wire frame 74 extending from the end of the handle, and a cylindrical roller cover 76 mounted on the frame.',
  },
  {
    name: 'c-clamp',
    field: 'tools',
    prompt:
      'A C-clamp 80 comprising a C-shaped frame 82, a fixed pad 84 at the lower end of the frame, a threaded screw 86 extending through the upper end of the frame, a swivel pad 88 at the lower end of the screw, and a T-handle 90 at the upper end of the screw.',
  },
  {
    name: 'garden-trowel',
    field: 'tools',
    prompt:
      'draw a garden trowel: a long round wooden handle, a short metal neck coming out of one end of the handle, and a flat pointed blade at the end of the neck',
  },
  // Furniture.
  {
    name: 'garden-bench',
    field: 'furniture',
    prompt:
      'A garden bench 400 comprising a rectangular seat 402, a backrest 404 along the rear edge of the seat, two armrests 406 on the left and right sides of the seat, and four legs 408 under the seat.',
    designSet:
      'FIGS. 1-7 are, respectively, front, rear, left side, right side, top, bottom and perspective views of a garden bench 400 comprising a rectangular seat 402, a backrest 404 along the rear edge of the seat, two armrests 406 on the left and right sides of the seat, and four legs 408 under the seat.',
  },
  {
    name: 'nightstand',
    field: 'furniture',
    prompt:
      'A nightstand 500 comprising a rectangular cabinet 502, a flat top 504 on the cabinet, a drawer 506 in the front face of the cabinet, a round knob 508 on the front of the drawer, and four short legs 510 at the corners of the bottom of the cabinet.',
    designSet:
      'Design patent views of a nightstand 500 - front, rear, left, right, top, bottom and perspective - comprising a rectangular cabinet 502, a flat top 504 on the cabinet, a drawer 506 in the front face of the cabinet, a round knob 508 on the front of the drawer, and four short legs 510 at the corners of the bottom of the cabinet.',
    exploded:
      'FIG. 4 is an exploded perspective view of a nightstand 500 comprising a rectangular cabinet 502, a flat top 504 on the cabinet, a drawer 506 in the front face of the cabinet, a round knob 508 on the front of the drawer, and four short legs 510 at the corners of the bottom of the cabinet.',
  },
  {
    name: 'three-leg-stool',
    field: 'furniture',
    prompt:
      'A stool 20 having a round seat 22 supported by three legs 24 evenly spaced around the underside of the seat, and a footrest ring 26 around the legs.',
  },
  {
    name: 'coffee-table',
    field: 'furniture',
    prompt:
      'FIG. 1 is a perspective view of a coffee table 600 having a rectangular top 602, a lower shelf 604 below the top, and four square legs 606 at the corners of the top.',
  },
  {
    name: 'office-chair',
    field: 'furniture',
    prompt:
      'An office chair 700 comprising a seat 702, a backrest 704 above the rear edge of the seat, a gas cylinder 706 below the seat, a base 708 at the bottom of the cylinder, and five casters 710 evenly spaced around the base.',
  },
  {
    name: 'drawer-cabinet',
    field: 'furniture',
    prompt:
      'A storage cabinet 800 comprising a rectangular carcass 802, a top panel 804 on the carcass, five drawers 806 stacked in the front face of the carcass, a handle 808 on the front of each drawer, four legs 810 at the corners of the bottom of the carcass, a rear panel 812 on the rear face of the carcass, two side rails 814 on the left and right sides of the carcass, and a kick plate 816 on the front face below the drawers.',
    designSet:
      'FIGS. 1-7 are front, rear, left side, right side, top, bottom and perspective views of a storage cabinet 800 comprising a rectangular carcass 802, a top panel 804 on the carcass, five drawers 806 stacked in the front face of the carcass, a handle 808 on the front of each drawer, four legs 810 at the corners of the bottom of the carcass, a rear panel 812 on the rear face of the carcass, two side rails 814 on the left and right sides of the carcass, and a kick plate 816 on the front face below the drawers.',
    exploded:
      'FIG. 3 is an exploded perspective view of a storage cabinet 800 comprising a rectangular carcass 802, a top panel 804 on the carcass, five drawers 806 stacked in the front face of the carcass, a handle 808 on the front of each drawer, four legs 810 at the corners of the bottom of the carcass, a rear panel 812 on the rear face of the carcass, two side rails 814 on the left and right sides of the carcass, and a kick plate 816 on the front face below the drawers.',
  },
  // Containers.
  {
    name: 'water-bottle',
    field: 'containers',
    prompt:
      'A water bottle 10 comprising a cylindrical body 12, a neck 14 on top of the body, a screw cap 16 on the neck, and a carrying loop 18 on top of the cap.',
    designSet:
      'FIGS. 1-7 are front, rear, left side, right side, top, bottom and perspective views of a water bottle 10 comprising a cylindrical body 12, a neck 14 on top of the body, a screw cap 16 on the neck, and a carrying loop 18 on top of the cap.',
  },
  {
    name: 'lunch-box',
    field: 'containers',
    prompt:
      'A lunch box 80 comprising a rectangular container 82, a lid 84 on top of the container, two latches 86 on the front and rear of the lid, and a handle 88 on top of the lid.',
    exploded:
      'FIG. 2 is an exploded view of a lunch box 80 comprising a rectangular container 82, a lid 84 on top of the container, two latches 86 on the front and rear of the lid, and a handle 88 on top of the lid.',
  },
  {
    name: 'paint-can',
    field: 'containers',
    prompt:
      'A paint can 90 having a cylindrical body 92, a round lid 94 on top of the body, and a wire bail handle 96 attached to opposite sides of the body.',
  },
  {
    name: 'fuel-can',
    field: 'containers',
    prompt:
      'FIG. 1 is a perspective view of a fuel can 110 comprising a rectangular tank 112, a handle 114 on top of the tank, a spout 116 extending from the top of the tank, and a cap 118 on the spout.',
  },
  {
    name: 'cooler',
    field: 'containers',
    prompt:
      'A portable cooler 120 comprising a rectangular body 122, a lid 124 hinged to the rear of the body, two handles 126 on the left and right sides of the body, and a drain plug 128 on the front face of the body.',
    designSet:
      'Ornamental design for a portable cooler, shown in front, rear, left side, right side, top, bottom and perspective views: a rectangular body 122, a lid 124 hinged to the rear of the body, two handles 126 on the left and right sides of the body, and a drain plug 128 on the front face of the body.',
  },
  {
    name: 'flower-pot',
    field: 'containers',
    prompt:
      'A flower pot 130 having a tapered body 132, a rim 134 around the top of the body, a drainage hole 136 through the bottom of the body, and a saucer 138 under the body.',
  },
  // Mechanical assemblies.
  {
    name: 'pulley-block',
    field: 'mechanical',
    prompt:
      'A pulley block 140 comprising a bracket 142, an axle 144 extending through the bracket, a grooved wheel 146 mounted on the axle, and a hook 148 on top of the bracket.',
  },
  {
    name: 'flange-coupling',
    field: 'mechanical',
    prompt:
      'A shaft coupling 150 comprising a first flange 152, a second flange 154 coaxial with the first flange, six bolts 156 evenly spaced around the flanges, and a shaft 158 extending through the flanges.',
    exploded:
      'FIG. 5 is an exploded view of a shaft coupling 150 comprising a first flange 152, a second flange 154 coaxial with the first flange, six bolts 156 evenly spaced around the flanges, and a shaft 158 extending through the flanges.',
  },
  {
    name: 'gear-train',
    field: 'mechanical',
    prompt:
      'A gear train 160 comprising a rectangular mounting plate 162, a large gear 164 and a small gear 166 mounted on the front face of the plate, and two shafts 168 extending through the plate.',
  },
  {
    name: 'shock-absorber',
    field: 'mechanical',
    prompt:
      'FIG. 3 is a perspective view of a shock absorber 170 comprising a cylinder 172, a piston rod 174 extending from the top of the cylinder, a coil spring 176 around the cylinder, an upper mount 178 at the end of the rod, and a lower mount 180 at the bottom of the cylinder.',
  },
  {
    name: 'ball-bearing',
    field: 'mechanical',
    prompt:
      'A ball bearing 190 comprising an outer ring 192, an inner ring 194 coaxial with the outer ring, and eight balls 196 evenly spaced between the inner ring and the outer ring.',
  },
  {
    name: 'door-lever',
    field: 'mechanical',
    prompt:
      'A door lever 210 comprising a round rose 212, a neck 214 extending from the rose, and a lever arm 216 at the end of the neck.',
  },
  {
    name: 'gate-valve',
    field: 'mechanical',
    prompt:
      'A gate valve 230 comprising a valve body 232, two flanges 234 at opposite ends of the body, a bonnet 236 on top of the body, a stem 238 extending from the bonnet, and a handwheel 240 on the upper end of the stem.',
    exploded:
      'FIG. 6 is an exploded perspective view of a gate valve 230 comprising a valve body 232, two flanges 234 at opposite ends of the body, a bonnet 236 on top of the body, a stem 238 extending from the bonnet, and a handwheel 240 on the upper end of the stem.',
  },
  {
    name: 'wheelbarrow',
    field: 'mechanical',
    prompt:
      'A wheelbarrow 220 comprising a tray 222, two handles 224 extending rearward from the tray, a wheel 226 at the front of the tray, an axle 228 through the wheel, and two rear legs 230 under the tray.',
  },
  // Medical devices.
  {
    name: 'pill-bottle',
    field: 'medical',
    prompt:
      'A prescription bottle 240 comprising a cylindrical vial 242, a child-resistant cap 244 on top of the vial, and a label band 246 around the vial.',
  },
  {
    name: 'thermometer',
    field: 'medical',
    prompt:
      'A digital thermometer 250 comprising an elongated body 252, a probe tip 254 at one end of the body, a display 256 on the front face of the body, and a button 258 on the front face below the display.',
  },
  {
    name: 'iv-stand',
    field: 'medical',
    prompt:
      'FIG. 1 is a perspective view of an IV stand 260 comprising a vertical pole 262, a base 264 at the bottom of the pole, five casters 266 evenly spaced around the underside of the base, and two hooks 268 at the top of the pole.',
  },
  {
    name: 'crutch',
    field: 'medical',
    prompt:
      'An underarm crutch 270 comprising two side rails 272, an underarm pad 274 on top of the rails, a hand grip 276 between the rails, a leg extension 278 below the rails, and a rubber tip 280 at the lower end of the leg extension.',
  },
  {
    name: 'bp-monitor',
    field: 'medical',
    prompt:
      'A blood pressure monitor 280 comprising a rectangular housing 282, a display 284 on the front face of the housing, a start button 286 below the display, and a tube 288 extending from the left side of the housing.',
  },
  {
    name: 'dropper-bottle',
    field: 'medical',
    prompt:
      'A dropper bottle 290 comprising a cylindrical bottle 292, a cap 294 on top of the bottle, a pipette 296 extending through the cap into the bottle, and a rubber bulb 298 on top of the cap.',
    exploded:
      'FIG. 2 is an exploded view of a dropper bottle 290 comprising a cylindrical bottle 292, a cap 294 on top of the bottle, a pipette 296 extending through the cap into the bottle, and a rubber bulb 298 on top of the cap.',
  },
  // Electronic devices.
  {
    name: 'smart-speaker',
    field: 'electronic',
    prompt:
      'A smart speaker 300 comprising a cylindrical housing 302, a grille 304 around the housing, a top panel 306 on top of the housing, four buttons 308 on the top panel, and a light ring 310 around the top panel.',
    designSet:
      'FIGS. 1-7 are front, rear, left side, right side, top, bottom and perspective views of a smart speaker 300 comprising a cylindrical housing 302, a grille 304 around the housing, a top panel 306 on top of the housing, four buttons 308 on the top panel, and a light ring 310 around the top panel.',
  },
  {
    name: 'monitor',
    field: 'electronic',
    prompt:
      'A computer monitor 320 comprising a flat rectangular screen 322, a bezel 324 around the screen, a neck 326 attached to the rear of the screen, and a flat base 328 under the neck.',
    designSet:
      'Ornamental design for a computer monitor - front, rear, left, right, top, bottom and perspective views - with a flat rectangular screen 322, a bezel 324 around the screen, a neck 326 attached to the rear of the screen, and a flat base 328 under the neck.',
  },
  {
    name: 'usb-charger',
    field: 'electronic',
    prompt:
      'A wall charger 330 comprising a rectangular body 332, two prongs 334 extending from the rear face of the body, a USB port 336 in the front face of the body, and an indicator light 338 on top of the body.',
    designSet:
      'FIGS. 1-7 show front, rear, left, right, top, bottom and perspective views of a wall charger 330 comprising a rectangular body 332, two prongs 334 extending from the rear face of the body, a USB port 336 in the front face of the body, and an indicator light 338 on top of the body.',
  },
  {
    name: 'webcam',
    field: 'electronic',
    prompt:
      'A webcam 340 comprising a cylindrical body 342, a lens 344 on the front of the body, a mounting clip 346 under the body, and a cable 348 extending from the rear of the body.',
  },
  {
    name: 'pc-tower',
    field: 'electronic',
    prompt:
      'FIG. 1 is a perspective view of a computer tower 350 comprising a rectangular case 352, a power button 354 on the front face of the case, two drive bays 356 in the front face above the power button, a fan grille 358 on the left side of the case, and four feet 360 at the corners of the bottom of the case.',
  },
  {
    name: 'earbud-case',
    field: 'electronic',
    prompt:
      'A charging case 360 for wireless earbuds having a rounded box 362, a lid 364 hinged to the rear of the box, a status light 366 on the front face of the box, and a charging port 368 in the bottom of the box.',
  },
  {
    name: 'game-controller',
    field: 'electronic',
    prompt:
      'Patent drawing of a game controller: a wide rounded body, two joysticks on top of the body, four round buttons on the right side of the top of the body, and two grips extending rearward from the left and right ends of the body.',
  },
]

const CABINET = OBJECT_PROMPTS.find((o) => o.name === 'drawer-cabinet')

/**
 * The figures the benches draw, all of one storage cabinet (8 numbered elements, 20 scene parts):
 * in one perspective view, as a seven-view design set, and exploded.
 */
export const OBJECT_BENCH_PROMPTS = {
  object20: CABINET.prompt,
  designSet7: CABINET.designSet,
  exploded: CABINET.exploded,
}

/** Every gallery figure: each object in perspective, then its design set and exploded view. */
export function objectGalleryFigures() {
  const figures = []
  for (const object of OBJECT_PROMPTS) {
    figures.push({
      name: object.name,
      field: object.field,
      views: 'perspective',
      prompt: object.prompt,
    })
    if (object.designSet) {
      figures.push({
        name: `${object.name}-views`,
        field: object.field,
        views: 'design set',
        prompt: object.designSet,
      })
    }
    if (object.exploded) {
      figures.push({
        name: `${object.name}-exploded`,
        field: object.field,
        views: 'exploded',
        prompt: object.exploded,
      })
    }
  }
  return figures
}
