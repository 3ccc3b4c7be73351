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
