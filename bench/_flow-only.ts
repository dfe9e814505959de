import { flowSteps } from "./flow.js";
const figures = await flowSteps();
for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(44)} ${value}`);
