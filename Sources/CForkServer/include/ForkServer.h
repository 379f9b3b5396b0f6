// The fork server has no C interface: it takes effect through LD_PRELOAD (see ForkServer.c).
// The variable that makes a preloaded process serve; the gate sets it for the server only.
#define CFA_FORK_SERVER_VARIABLE "CFA_GATE_FORK_SERVER"
