export * from './backoffice';
export * from './constants';
export * from './endpoints';
export * from './routes';
export * from './schemas';
