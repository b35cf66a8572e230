// The browser and the server fill message texts the same way.
export { fill } from '../../shared/fill.ts';
