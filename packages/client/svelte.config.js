/** Runes everywhere: no component may fall back to the legacy `export let` / `$:` syntax. */
export default {
  compilerOptions: { runes: true },
};
