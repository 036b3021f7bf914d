import Foundation

extension CVMutablePixelBuffer {
    /// A pool of mutable pixel buffers of one format and size whose memory is recycled (iOS 26); wraps a
    /// `CVPixelBufferPool`.
    public final class Pool: Sendable {
        /// How the pool keeps memory.
        public struct Configuration: Equatable, Sendable {
            /// Seconds a released buffer's memory is kept for reuse before it is freed; 0 frees it at once.
            public var ageOutDuration: TimeInterval
            /// Buffers the pool keeps however long they go unused.
            public var minimumBufferCount: Int

            /// A configuration (by default: memory kept one second, no minimum).
            public init(ageOutDuration: TimeInterval = 1, minimumBufferCount: Int = 0) {
                self.ageOutDuration = ageOutDuration
                self.minimumBufferCount = minimumBufferCount
            }
        }

        /// How one buffer request may allocate.
        public struct AllocationAttributes: Equatable, Sendable {
            /// No new memory is allocated once this many buffers are in use (recycled memory still is handed out);
            /// the request throws `CVError.wouldExceedAllocationThreshold` instead. Nil for no limit.
            public var allocationThreshold: Int?

            /// Allocation attributes with the given threshold.
            public init(allocationThreshold: Int? = nil) {
                self.allocationThreshold = allocationThreshold
            }
        }

        /// The wrapped pool.
        package let unsafePool: CVPixelBufferPool

        /// A pool making buffers as `pixelBufferAttributes` describe; throws a `CVError` saying why when the
        /// attributes or the configuration cannot be honoured.
        public init(pixelBufferAttributes: CVPixelBufferCreationAttributes,
                    configuration: Configuration = Configuration()) throws {
            guard configuration.ageOutDuration.isFinite, configuration.ageOutDuration >= 0 else {
                throw CVError(kCVReturnInvalidPoolAttributes, "a pool's ageOutDuration must be a finite number of "
                              + "seconds, 0 or more, got \(configuration.ageOutDuration)")
            }
            var poolAttributes: [String: Any] = [
                kCVPixelBufferPoolMinimumBufferCountKey as String: configuration.minimumBufferCount,
            ]
            if configuration.ageOutDuration > 0 {
                poolAttributes[kCVPixelBufferPoolMaximumBufferAgeKey as String] = configuration.ageOutDuration
            }
            unsafePool = try CVPixelBufferPool(poolAttributes: poolAttributes,
                                               pixelBufferAttributes: pixelBufferAttributes.dictionaryRepresentation,
                                               freesReturnedBuffers: configuration.ageOutDuration == 0)
        }

        /// Takes over an existing pool.
        public init(unsafePool: sending CVPixelBufferPool) {
            self.unsafePool = unsafePool
        }

        /// The attributes of the pool's buffers: format, size, and the layout and compatibility requests the pool
        /// was made with (keys these attributes cannot express, from a pool made by `CVPixelBufferPoolCreate`, are
        /// not reported).
        public var pixelBufferAttributes: CVPixelBufferCreationAttributes {
            let recorded = unsafePool.pixelBufferAttributes.filter {
                CVPixelBufferCreationAttributes.representableKeys.contains($0.key)
            }
            if let attributes = CVPixelBufferCreationAttributes(dictionary: recorded) { return attributes }
            let geometry = unsafePool.geometry
            var attributes = CVPixelBufferCreationAttributes(
                pixelFormatType: CVPixelFormatType(rawValue: geometry.layout.pixelFormat),
                size: CVImageSize(width: geometry.width, height: geometry.height))
            attributes.backing = .memory
            return attributes
        }

        /// Frees unused memory: only what has waited longer than the age-out duration when `agedOutOnly`, else all
        /// of it beyond the minimum buffer count.
        public func flush(agedOutOnly: Bool) {
            unsafePool.flush(agedOutOnly ? [] : .excessBuffers)
        }

        /// A buffer from the pool, on recycled memory when there is some; throws
        /// `CVError.wouldExceedAllocationThreshold` when new memory is needed beyond the threshold.
        public func makeMutablePixelBuffer(_ allocationAttributes: AllocationAttributes = AllocationAttributes()) throws
            -> CVMutablePixelBuffer {
            if let threshold = allocationAttributes.allocationThreshold, threshold < 0 {
                throw CVError(kCVReturnInvalidArgument, "an allocation threshold must be 0 or more, got \(threshold)")
            }
            let buffer = try unsafePool.makePixelBuffer(allocationThreshold: allocationAttributes.allocationThreshold)
            return CVMutablePixelBuffer(unsafeBuffer: buffer)
        }
    }
}
