// Stylesheets are bundled by the app's build (Vite); importing one has no value.
declare module '*.css';
