import shared from "../../../vitest.shared";
export default { ...shared, test: { ...shared.test, include: ["exp/**/*.test.ts"] } };
