#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Sandbox

/// Whom a root gate's probes run as, first found of: the user who ran sudo, the checklist's `probe-user=`, the
/// checkout's owner when it is not root, `nobody`.
struct ProbeIdentityTests {
    private static let sudo = ["SUDO_UID": "4242", "SUDO_GID": "4343", "SUDO_USER": "runner"]

    @Test(.enabled(if: geteuid() == 0, "a gate that is not root keeps its own user"))
    func theOrderIsSudoThenProbeUserThenTheCheckoutsOwnerThenNobody() throws {
        let nobody = try #require(getpwnam("nobody")).pointee
        let owner = (uid: uid_t(1777), gid: gid_t(1778))
        let bySudo = try ProbeIdentity.forRootGate(environment: Self.sudo, named: "nobody", checkoutOwner: owner).get()
        #expect(bySudo == ProbeIdentity(uid: 4242, gid: 4343, name: "runner"))
        let named = try ProbeIdentity.forRootGate(environment: [:], named: "nobody", checkoutOwner: owner).get()
        #expect(named?.uid == nobody.pw_uid)
        let byOwner = try ProbeIdentity.forRootGate(environment: [:], named: nil, checkoutOwner: owner).get()
        #expect(byOwner?.uid == 1777 && byOwner?.gid == 1778, "\(String(describing: byOwner))")
        let rootOwned = try ProbeIdentity.forRootGate(environment: [:], named: nil, checkoutOwner: (0, 0)).get()
        #expect(rootOwned?.uid == nobody.pw_uid && rootOwned?.name == "nobody")
    }

    /// A checkout whose group is root still never gives the probes gid 0.
    @Test(.enabled(if: geteuid() == 0, "a gate that is not root keeps its own user"))
    func aCheckoutInTheRootGroupGivesItsOwnersProbesAnotherGroup() throws {
        let identity = try #require(try ProbeIdentity.forRootGate(environment: [:], named: nil, checkoutOwner: (1777, 0)).get())
        #expect(identity.uid == 1777 && identity.gid != 0, "\(identity)")
    }
}
