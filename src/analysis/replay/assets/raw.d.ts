/** Text files bundled as strings (Vite's `?raw`; vite/client declares the same for the app's type check). */
declare module '*?raw' {
  const text: string;
  export default text;
}
