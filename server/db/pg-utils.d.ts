/** pg's own conversion of a parameter to what it sends (the package ships no types for its lib files). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
