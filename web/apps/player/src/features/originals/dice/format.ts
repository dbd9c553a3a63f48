/** A dice roll or target in hundredths, shown 00.00..99.99. */
export const formatRoll = (r: number) => (r / 100).toFixed(2).padStart(5, '0');
