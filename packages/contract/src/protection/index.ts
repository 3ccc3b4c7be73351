export * from './backoffice';
export * from './constants';
export * from './endpoints';
export * from './erasure';
export * from './profile';
export * from './risk';
export * from './routes';
export * from './schemas';
