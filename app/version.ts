/** This program's version, as package.json has it (test/unit/version.test.ts keeps the two equal). */
export const PROGRAM_VERSION = '0.1.0';
