import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Layering (docs/ARCHITECTURE.md): dependencies point downward only.
 *   src/lib < src/model < src/ingest < src/analysis < src/session < (src/worker, src/cli)
 *   src/store < src/ui (they reach the session through the worker protocol; types, and the view text form)
 */
const pattern = (group, message) => ({ group, message });
const UI_LIBS = ['react', 'react-dom', 'zustand', 'cytoscape', 'cytoscape-*', 'plotly.js*'];
const UP_FROM_CORE = [
  pattern(['**/session/**', '**/worker/**', '**/store/**', '**/ui/**', '**/cli/**', ...UI_LIBS],
    'model/ingest/analysis/lib are pure: they import only lower layers (and h5wasm in ingest/hdf5).'),
];
const NODE = ['node:*', 'fs', 'path', 'os', 'url', 'worker_threads', 'child_process'];

const UI_CORE = { group: ['**/ingest/**', '**/analysis/**', '!**/analysis/types', '!**/analysis/metrics', '**/session/**', '!**/session/view', '**/cli/**', 'h5wasm', 'h5wasm/*'], allowTypeImports: true,
  message: 'the UI talks to the worker; it imports only types from analysis and session (and session/view, the text form of the view, and analysis/metrics, the metric registry).' };
const NO_CY = { group: ['cytoscape', 'cytoscape-*'], message: 'only src/ui/graph imports cytoscape.' };
const NO_PLOTLY = { group: ['plotly.js*'], message: 'only src/ui/timeline imports plotly.' };
function uiBlocks() {
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['src/store/**', 'src/ui/**'], ignores: ['src/store/**/*.test.ts'], rules: rule(UI_CORE, NO_CY, NO_PLOTLY) },
    // the store's tests run it against a real Session in-process (what the worker runs)
    { files: ['src/store/**/*.test.ts'], rules: rule(NO_CY, NO_PLOTLY) },
    { files: ['src/ui/graph/**'], rules: rule(UI_CORE, NO_PLOTLY) },
    { files: ['src/ui/timeline/**'], rules: rule(UI_CORE, NO_CY) },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', 'node_modules', 'test-results', 'playwright-report', 'bench-data', 'public/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='innerHTML']", message: 'Trace content is data: never inject it as HTML.' },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Trace content is data: never inject it as HTML.' }],
    },
  },
  {
    files: ['src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/model/**', '**/ingest/**', '**/analysis/**', ...UP_FROM_CORE[0].group, 'h5wasm'], 'src/lib is dependency-free.')] }] },
  },
  {
    files: ['src/model/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/ingest/**', '**/analysis/**', ...UP_FROM_CORE[0].group, 'h5wasm'], 'src/model imports only src/lib.')] }] },
  },
  {
    files: ['src/ingest/**'],
    ignores: ['src/ingest/hdf5/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...UP_FROM_CORE, pattern(['**/analysis/**', 'h5wasm', 'h5wasm/*'], 'only src/ingest/hdf5 imports h5wasm; ingest never imports analysis.')] }] },
  },
  {
    files: ['src/ingest/hdf5/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...UP_FROM_CORE, pattern(['**/analysis/**'], 'ingest never imports analysis.')] }] },
  },
  {
    files: ['src/analysis/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...UP_FROM_CORE, pattern(['**/ingest/**', 'h5wasm', 'h5wasm/*'], 'analysis works on the EventLog only.')] }] },
  },
  {
    files: ['src/session/**'],
    ignores: ['src/session/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      pattern(['**/worker/**', '**/store/**', '**/ui/**', '**/cli/**', ...UI_LIBS], 'the session imports only lib/model/ingest/analysis: the worker and the CLI are its adapters.'),
      pattern([...NODE, 'h5wasm', 'h5wasm/*'], 'the session is DOM-free and Node-free: runtime I/O is injected by the adapters.'),
    ] }] },
  },
  {
    files: ['src/session/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/worker/**', '**/store/**', '**/ui/**', '**/cli/**', ...UI_LIBS], 'the session imports only lower layers.')] }] },
  },
  {
    files: ['src/worker/**'],
    ignores: ['src/worker/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/store/**', '**/ui/**', '**/cli/**', ...UI_LIBS], 'the worker has no UI.'), pattern(NODE, 'the worker runs in the browser.')] }] },
  },
  {
    files: ['src/worker/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/store/**', '**/ui/**', '**/cli/**', ...UI_LIBS], 'the worker has no UI.')] }] },
  },
  {
    files: ['src/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/worker/**', '**/store/**', '**/ui/**', ...UI_LIBS, 'h5wasm', 'h5wasm/*'], 'the CLI is an adapter over src/session (HDF5 through src/ingest/hdf5).')] }] },
  },
  ...uiBlocks(),
  {
    // the fence of src/testing (a rule of its own, so that it adds to the layering's rules above)
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/testing/**', 'src/**/dev/**', 'src/**/__fixtures__/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [pattern(['**/testing', '**/testing/**'], 'src/testing holds test helpers: only tests, fixtures, dev harnesses and tools/ import it, never production code.')] }] },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
