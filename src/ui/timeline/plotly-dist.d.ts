// The gl2d dist bundle has the API typed by @types/plotly.js.
declare module 'plotly.js-gl2d-dist-min' {
  import * as Plotly from 'plotly.js';
  export = Plotly;
}
