/// A recognizer's relationships with others: failure requirements (UIKit's
/// `require(toFail:)` and the dynamic `shouldRequireFailure` pair) and simultaneous
/// recognition partners, and where the requirements stand while the arena runs.
extension GestureRecognizer {
    /// Holds this recognizer in `.possible` until `other` fails; if `other` begins or is
    /// recognized, this one fails (UIKit's `require(toFail:)`).
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "A gesture recognizer cannot require itself to fail.")
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// Undoes `require(toFail:)`.
    public func removeFailureRequirement(_ other: GestureRecognizer) {
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
        arenaStorage?.requirementsMayHaveChanged()
    }

    /// Lets this recognizer and `other` be in progress together (both ways).
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        guard other !== self else { return }
        if !simultaneousPartners.contains(where: { $0.recognizer === other }) {
            simultaneousPartners.append(WeakRecognizer(recognizer: other))
        }
        if !other.simultaneousPartners.contains(where: { $0.recognizer === self }) {
            other.simultaneousPartners.append(WeakRecognizer(recognizer: self))
        }
    }

    enum RequirementStatus {
        case satisfied, pending, blocked
    }

    /// Where this recognizer's failure requirements stand.
    func failureRequirementStatus() -> RequirementStatus {
        var status = RequirementStatus.satisfied
        for box in failureRequirements {
            guard let other = box.recognizer else { continue }
            switch requirementStatus(of: other) {
            case .blocked: return .blocked
            case .pending: status = .pending
            case .satisfied: break
            }
        }
        if let arena = arenaStorage {
            for other in arena.recognizers where other !== self {
                guard shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) else { continue }
                switch requirementStatus(of: other) {
                case .blocked: return .blocked
                case .pending: status = .pending
                case .satisfied: break
                }
            }
        }
        return status
    }

    private func requirementStatus(of other: GestureRecognizer) -> RequirementStatus {
        // A recognizer that cannot see these touches cannot succeed with them.
        if !other.isEnabled || other.arenaStorage !== arenaStorage { return .satisfied }
        switch other.storedState {
        case .failed: return .satisfied
        case .possible: return .pending
        case .began, .changed, .ended, .cancelled: return .blocked
        }
    }
}
