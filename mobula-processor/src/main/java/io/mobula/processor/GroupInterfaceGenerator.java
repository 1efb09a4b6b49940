package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;

/**
 * Generates, for every group interface {@code p.X} of the compilation (an interface extending
 * {@code io.mobula.gmi.GroupInterface}, thesis 5.3.1): the group stub {@code p.X_MobulaGroupStub}, the member-side
 * {@code p.X_MobulaGroupSkeleton} with a parameter vector class per method, a serializer per parameter vector and
 * the method constants {@code p.X_GroupMethods}. Analyse ({@link GroupAnalyzer}), emit ({@link GroupStubEmitter},
 * {@link GroupSkeletonEmitter}, {@link GroupSerializerEmitter}, {@link GroupMethodsEmitter}), write through the
 * {@link Filer}. Nested interfaces are flattened as for RMI: {@code p.Outer.X} gives {@code p.Outer_X_MobulaGroupStub}.
 */
final class GroupInterfaceGenerator implements Generator {
    private final Filer filer;
    private final Reporter reporter;
    private final GroupAnalyzer analyzer;
    private final GroupStubEmitter stubs;
    private final GroupSkeletonEmitter skeletons;
    private final GroupSerializerEmitter serializers;
    private final GroupMethodsEmitter constants;
    /** Names written in this compilation: {@code p.A_B} and {@code p.A.B} would both claim one. */
    private final Set<String> written = new HashSet<>();

    GroupInterfaceGenerator(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.analyzer = new GroupAnalyzer(env, reporter, sourceTypes);
        boolean generated = env.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
        this.stubs = new GroupStubEmitter(generated);
        this.skeletons = new GroupSkeletonEmitter(generated);
        this.serializers = new GroupSerializerEmitter(generated);
        this.constants = new GroupMethodsEmitter(generated);
    }

    /** Group interfaces, and interfaces whose super-interfaces are not resolved yet (they may be). */
    @Override
    public boolean appliesTo(TypeElement type) {
        return type.getKind() == ElementKind.INTERFACE
                && (analyzer.isGroupInterface(type) || analyzer.hasUnresolvedSupertypes(type));
    }

    @Override
    public boolean generate(TypeElement type) {
        if (analyzer.isIncomplete(type)) {
            return false;
        }
        if (!analyzer.isGroupInterface(type)) {
            return true;
        }
        Optional<GroupModel> model = analyzer.analyze(type);
        if (model.isEmpty()) {
            return true;
        }
        GroupModel m = model.get();
        List<String> names = new ArrayList<>(List.of(m.qualified(m.stubName()), m.qualified(m.skeletonName()),
                m.qualified(m.methodsName())));
        m.methods().forEach(method -> names.add(m.qualified(m.serializerName(method))));
        if (names.stream().anyMatch(written::contains)) {
            reporter.error(type, "the generated names " + String.join(", ", names.subList(0, 3)) + " of group"
                    + " interface " + m.sourceName() + " are already taken by another group interface with the same"
                    + " flattened name (p.A_B and p.A.B); rename one of them");
            return true;
        }
        written.addAll(names);
        write(type, names.get(0), stubs.emit(m));
        write(type, names.get(1), skeletons.emit(m));
        write(type, names.get(2), constants.emit(m));
        for (Method method : m.methods()) {
            write(type, m.qualified(m.serializerName(method)), serializers.emit(m, method));
        }
        return true;
    }

    private void write(TypeElement origin, String name, String source) {
        try {
            JavaFileObject file = filer.createSourceFile(name, origin);
            try (Writer out = file.openWriter()) {
                out.write(source);
            }
        } catch (IOException e) {
            reporter.error(origin, "Mobula: cannot write " + name + ": " + e.getMessage());
        }
    }
}
