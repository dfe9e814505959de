/**
 * Reading our own source in tests (which messages go into buttons, which literals a person sees):
 * where an expression that starts at `start` ends, at the first comma or closing bracket at its
 * own level. Brackets inside strings are not told apart: good enough for the code it reads.
 */
export function expressionEnd(source: string, start: number): number {
  let end = start;
  for (let depth = 0; end < source.length; end++) {
    const c = source[end]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (c === "," && depth === 0) break;
  }
  return end;
}
