/** The largest number of events that fall inside any window of `span` ms (a sliding window). */
export function busiestWindow(times: number[], span: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= span) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}
