export default {
  displayName: 'web',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^@forge/protocol/(.*)$': '<rootDir>/../protocol/src/$1',
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.css(\\?inline)?$': '<rootDir>/src/test/style-stub.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  setupFiles: ['<rootDir>/src/test/setup.ts'],
};
