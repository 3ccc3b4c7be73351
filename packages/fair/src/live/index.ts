/** The live tables' maths (issue 22, docs/decisions/040-shared-tables.md). */
export * from './andar-bahar';
export * from './baccarat';
export * from './cards';
export * from './live-games';
export * from './roads';
