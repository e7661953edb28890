// Marking one part of a generated paper against its mark scheme (issue 15): offline and exact where
// a machine can be (choice, number, word, short points), by the model or the student where it cannot.
export { type AcceptedValue, type Alternative, answerFieldFor, blankCells, type MarkingSpec, markingSpecFor, type Point, type SelfReason } from "./spec.ts";
export { answerAsText, levelsOf, markOffline, selfMark } from "./mark.ts";
export { markWithModel, modelMarkSchema } from "./model.ts";
export { markPoints } from "./points.ts";
