const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    // .swcrc leaves tests out of the build; tests bring their own options.
    swcrc: false,
  },
];
const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  // The v2 template's package.json files are projects' own, not modules of the API.
  modulePathIgnorePatterns: ['<rootDir>/templates/'],
  moduleNameMapper: {
    '^@forge/protocol/(.*)$': '<rootDir>/../protocol/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
const integration = {
  ...shared,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
const responsiveness = ['heavy-inputs', 'large-requests', 'sandbox-abuse'];
export default {
  // Integration tests start servers and databases; units finish far below this.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...integration, displayName: 'integration', testPathIgnorePatterns: responsiveness },
    // Files that time the server's answers while it works: run alone, so that what they time is the
    // server and not the other files beside them.
    { ...integration, displayName: 'responsiveness', testMatch: responsiveness.map((name) => `<rootDir>/test/${name}.test.ts`) },
  ],
};
