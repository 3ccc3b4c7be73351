export * from './backoffice';
export * from './betting';
export * from './constants';
export * from './endpoints';
export * from './routes';
export * from './schemas';
export * from './vietnam';
export * from './vietnam-rules';
