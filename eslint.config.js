import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layering (DEVELOPERS.md): dependencies point downward only. */
const pattern = (group, message) => ({ group, message });
const UP_FROM_CORE = [
  pattern(['**/worker/**', '**/store/**', '**/ui/**', '**/cli/**', 'react', 'react-dom', 'zustand', 'cytoscape', 'cytoscape-*', 'plotly.js*'],
    'model/ingest/analysis/lib are pure: they import only src/model and src/lib (and h5wasm in ingest/hdf5).'),
];

const UI_CORE = { group: ['**/ingest/**', '**/analysis/**', '!**/analysis/types', 'h5wasm', 'h5wasm/*'], allowTypeImports: true,
  message: 'the UI talks to the worker; it imports only types from analysis.' };
const NO_CY = { group: ['cytoscape', 'cytoscape-*'], message: 'only src/ui/graph imports cytoscape.' };
const NO_PLOTLY = { group: ['plotly.js*'], message: 'only src/ui/timeline imports plotly.' };
function uiBlocks() {
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['src/store/**', 'src/ui/**'], rules: rule(UI_CORE, NO_CY, NO_PLOTLY) },
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
    files: ['src/worker/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern(['**/store/**', '**/ui/**', '**/cli/**', 'react', 'react-dom', 'zustand', 'cytoscape', 'plotly.js*'], 'the worker has no UI.')] }] },
  },
  ...uiBlocks(),
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
