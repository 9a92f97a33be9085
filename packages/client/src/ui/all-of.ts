/**
 * A list of every member of a string union, each once, held to the union by the compiler: a member left out, or one
 * the union does not have, fails to compile. For enumerations the page offers (skills, classes) whose schema stays
 * on the server: `allOf<D6Skill>()(['fukutsu', …])`.
 */
export function allOf<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : { missing: Exclude<T, L[number]> })): L => list;
}
