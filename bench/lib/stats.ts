/** The median of some figures (of an even count, the upper of the two middle ones: a figure that was measured). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A duration for the printed tables: whole milliseconds. */
export const ms = (n: number): string => `${Math.round(n)} ms`;
