// Stylesheets imported for their side effect (the bundler adds them to the page).
declare module '*.css';
