import Testing

@testable import Core

/// The gyro-driven heading's state machine: one transition function, tested as a table.
struct GyroHeadingStateTests {
    typealias Inputs = GyroHeadingState.Inputs

    static func inputs(
        accuracy: Double? = 2, live: Bool = true, sinceInitialised: Double? = 10, sinceDisturbed: Double? = nil,
        resting: Bool = false
    ) -> Inputs {
        Inputs(
            accuracyDegrees: accuracy, gyroscopeLive: live, secondsSinceInitialised: sinceInitialised,
            secondsSinceDisturbed: sinceDisturbed, resting: resting)
    }

    @Test(arguments: [
        (GyroHeadingState.unknown, inputs(accuracy: nil), GyroHeadingState.unknown),  // no heading yet
        (.tracking, inputs(live: false), .unknown),  // the gyroscope went silent
        (.holding, inputs(accuracy: 50, sinceDisturbed: 0.1), .unknown),  // too uncertain to show
        (.unknown, inputs(sinceInitialised: 0.5), .converging),
        (.converging, inputs(sinceInitialised: 3), .tracking),
        (.tracking, inputs(sinceDisturbed: 0.1), .holding),
        (.holding, inputs(sinceDisturbed: 0.4), .holding),  // leaves only after twice the hold time
        (.tracking, inputs(sinceDisturbed: 0.4), .tracking),
        (.holding, inputs(sinceDisturbed: 1), .tracking),
        (.tracking, inputs(resting: true), .resting),
        (.resting, inputs(resting: false), .tracking),
    ])
    func theNextStateFollowsFromTheInputs(_ c: (from: GyroHeadingState, inputs: Inputs, to: GyroHeadingState)) {
        #expect(c.from.next(c.inputs) == c.to)
    }
}
