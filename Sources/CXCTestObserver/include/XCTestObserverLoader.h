// The XCTest observer has no C interface: it takes effect through LD_PRELOAD (see XCTestObserverLoader.c).
// The variable that makes a preloaded process register the observer; the gate sets it for XCTest processes only.
#define CFA_XCTEST_OBSERVER_VARIABLE "CFA_GATE_XCTEST_OBSERVER"
