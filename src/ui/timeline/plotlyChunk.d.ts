// The URL of the plotly chunk in a build (vite.config.ts, plugin plotlyChunkUrl); null in dev and tests.
declare module 'virtual:plotly-chunk-url' {
  const url: string | null;
  export default url;
}
