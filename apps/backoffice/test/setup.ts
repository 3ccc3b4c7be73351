import { configure } from '@testing-library/react';

// findBy…/waitFor wait up to 5 s: the unit tests share the CI machine's two cores with the server
// tests, and a 1 s default has run out under that load.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; components that use them get inert stand-ins.
class Observer {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: Observer });
window.scrollTo = () => {};
