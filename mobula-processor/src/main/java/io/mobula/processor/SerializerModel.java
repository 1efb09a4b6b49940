package io.mobula.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * Everything the emitter needs to write one serializer, computed by {@link SerializerAnalyzer} and immutable.
 * The emitter never looks at javax.lang.model again, so this is the whole contract between the two phases.
 */
sealed interface SerializerModel {

    Target target();

    /** The parts hashed by {@code io.mobula.serial.Fingerprint.of}, in wire order (see contract.md). */
    List<String> fingerprintParts();

    /**
     * The serialized class and the generated class's name.
     *
     * @param element the user's class, the originating element of the generated file
     * @param packageName its package, empty for the unnamed package
     * @param sourceName its canonical name, used in generated code ({@code p.Outer.Inner})
     * @param binaryName its binary name ({@code p.Outer$Inner}), as in the fingerprint
     * @param serializerName simple name of the generated class ({@code Outer_Inner_MobulaSerializer})
     * @param rawTypes generated code names raw types (a generic class or superclass): it suppresses
     *     rawtypes/unchecked warnings for the whole class
     * @param hidden the class is private (or nested in a private class): generated code cannot name it, so it
     *     is a {@code Serializer<Object>} that resolves the class at initialization and uses handles only
     */
    record Target(TypeElement element, String packageName, String sourceName, String binaryName,
            String serializerName, boolean rawTypes, boolean hidden) {

        /** The type generated code declares values as. */
        String typeName() {
            return hidden ? "Object" : sourceName;
        }

        String serializerQualifiedName() {
            return packageName.isEmpty() ? serializerName : packageName + "." + serializerName;
        }
    }

    /** One serializable class level: its binary name and its fields sorted by name. */
    record Level(String binaryName, List<SerialField> fields) {}

    /** A mutable class: allocated without constructors, registered, then filled level by level. */
    record ObjectModel(Target target, List<Level> levels) implements SerializerModel {
        @Override
        public List<String> fingerprintParts() {
            List<String> parts = new ArrayList<>();
            for (Level level : levels) {
                parts.add(level.binaryName());
                level.fields().forEach(f -> parts.add(f.fingerprintPart()));
            }
            return List.copyOf(parts);
        }

        List<SerialField> fields() {
            return levels.stream().flatMap(l -> l.fields().stream()).toList();
        }
    }

    /** A record component in declaration order; read through its accessor, restored by the canonical ctor. */
    record Component(String name, ValueType type) {}

    /** A record: components are read first, then the canonical constructor runs (it may validate). */
    record RecordModel(Target target, List<Component> components) implements SerializerModel {
        @Override
        public List<String> fingerprintParts() {
            List<String> parts = new ArrayList<>();
            parts.add(target.binaryName());
            components.forEach(c -> parts.add(c.name() + ":" + c.type().descriptor()));
            return List.copyOf(parts);
        }
    }
}
