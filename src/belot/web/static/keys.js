// belot: the calculator's one storage key (house.js), re-exported by names.js.
export const houseKey = (game) => `belot:house-rules:${game}`;
