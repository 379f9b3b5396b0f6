// Registers cfa-gate's XCTest observer (Sources/XCTestObserver) in a test bundle, before its `main` runs.
//
// cfa-gate starts the bundle with libCFAGateXCTestObserver.so in LD_PRELOAD and CFA_GATE_XCTEST_OBSERVER=1, beside the
// fork server library when tests are forked. By the time this constructor runs, the libraries it depends on (XCTest,
// Foundation, the Swift runtime) are initialised, so the observer can be added to XCTest's observation center, where
// it stays through `XCTMain`. A forked test process inherits the registration from the server.
//
// The observer writes only when XCTest reports a test event, which happens only while `main` runs tests: never in the
// fork server (which never runs `main`, and whose descriptor 3 is its control socket), never during `--list-tests`.
//
// Any other process that loads this library (the variable unset) runs exactly as it would without it.
#include <stdlib.h>
#include <string.h>

#include "XCTestObserverLoader.h"

// Defined in Swift (`@_cdecl`), in the same shared library.
extern void cfa_gate_register_xctest_observer(void);

__attribute__((constructor)) static void registerObserver(void) {
    const char *role = getenv(CFA_XCTEST_OBSERVER_VARIABLE);
    if (role == NULL || strcmp(role, "1") != 0) return;
    // Nothing the tests start may load the observer (and XCTest with it): their programs run as they would without it.
    (void)unsetenv(CFA_XCTEST_OBSERVER_VARIABLE);
    (void)unsetenv("LD_PRELOAD");
    cfa_gate_register_xctest_observer();
}
