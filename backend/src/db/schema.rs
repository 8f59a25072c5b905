// @generated automatically by Diesel CLI.

diesel::table! {
    booking_events (id) {
        id -> Uuid,
        store_id -> Uuid,
        title -> Text,
        role_id -> Nullable<Uuid>,
        first_day -> Date,
        opens_minute -> Int2,
        closes_minute -> Int2,
        repeat -> Nullable<Jsonb>,
        session_minutes -> Int2,
        capacity -> Int2,
        rooms -> Int2,
        book_ahead_minutes -> Int4,
        book_until_minutes -> Int4,
        choose_employee -> Bool,
        slug -> Text,
        is_active -> Bool,
        created_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    booking_clients (id) {
        id -> Uuid,
        store_id -> Uuid,
        name -> Text,
        email -> Text,
        phone -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    booked_sessions (id) {
        id -> Uuid,
        store_id -> Uuid,
        event_id -> Uuid,
        employee_id -> Nullable<Uuid>,
        start_at -> Timestamptz,
        end_at -> Timestamptz,
        status -> Text,
        shift_id -> Nullable<Uuid>,
        event_snapshot -> Jsonb,
        reason -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    booked_clients (id) {
        id -> Uuid,
        store_id -> Uuid,
        session_id -> Uuid,
        event_id -> Uuid,
        client_id -> Uuid,
        status -> Text,
        hold_until -> Nullable<Timestamptz>,
        note -> Nullable<Text>,
        reason -> Nullable<Text>,
        sequence -> Int4,
        invitation_id -> Uuid,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    booking_mails (id) {
        id -> Uuid,
        store_id -> Uuid,
        booked_client_id -> Uuid,
        kind -> Text,
        to_email -> Text,
        subject -> Text,
        body -> Text,
        ics -> Nullable<Text>,
        due_at -> Timestamptz,
        attempts -> Int4,
        leased_until -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    store_plans (store_id) {
        store_id -> Uuid,
        customer_id -> Nullable<Text>,
        subscription_id -> Nullable<Text>,
        plan -> Text,
        status -> Text,
        billing_interval -> Nullable<Text>,
        quantity -> Nullable<Int4>,
        subscription_item -> Nullable<Text>,
        trial_end -> Nullable<Timestamptz>,
        current_period_end -> Nullable<Timestamptz>,
        cancel_at_period_end -> Bool,
        trial_used -> Bool,
        event_at -> Nullable<Int8>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    invoices (id) {
        id -> Text,
        store_id -> Uuid,
        subscription_id -> Nullable<Text>,
        number -> Nullable<Text>,
        status -> Text,
        total -> Int8,
        currency -> Text,
        created -> Timestamptz,
        period_start -> Nullable<Timestamptz>,
        period_end -> Nullable<Timestamptz>,
        hosted_invoice_url -> Nullable<Text>,
        invoice_pdf -> Nullable<Text>,
        event_at -> Int8,
    }
}

diesel::table! {
    billing_events (id) {
        id -> Text,
        kind -> Text,
        store_id -> Nullable<Uuid>,
        received_at -> Timestamptz,
    }
}

diesel::table! {
    notification_settings (user_id) {
        user_id -> Uuid,
        ways -> Jsonb,
        quiet_from -> Nullable<Int2>,
        quiet_until -> Nullable<Int2>,
        time_zone -> Nullable<Text>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    availability_windows (id) {
        id -> Uuid,
        store_id -> Uuid,
        employee_id -> Uuid,
        days -> Array<Int2>,
        start_minute -> Int4,
        end_minute -> Int4,
        all_day -> Bool,
        reason -> Nullable<Text>,
        kind -> Nullable<Text>,
        status -> Nullable<Text>,
        created_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    clock_code_uses (store_id, employee_id, time_window, op) {
        store_id -> Uuid,
        employee_id -> Uuid,
        time_window -> Int8,
        op -> Text,
        used_at -> Timestamptz,
    }
}

diesel::table! {
    clock_punches (store_id, punch_id) {
        store_id -> Uuid,
        punch_id -> Uuid,
        employee_id -> Uuid,
        session_id -> Uuid,
        op -> Text,
        applied_at -> Timestamptz,
    }
}

diesel::table! {
    clock_secrets (store_id) {
        store_id -> Uuid,
        generation -> Uuid,
        secret -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    clock_session_edits (id) {
        id -> Uuid,
        store_id -> Uuid,
        session_id -> Uuid,
        edited_by -> Nullable<Uuid>,
        reason -> Text,
        before -> Jsonb,
        after -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    clock_sessions (id) {
        id -> Uuid,
        store_id -> Uuid,
        employee_id -> Uuid,
        user_id -> Nullable<Uuid>,
        shift_id -> Nullable<Uuid>,
        proposal_id -> Nullable<Uuid>,
        status -> Text,
        start_at -> Timestamptz,
        end_at -> Nullable<Timestamptz>,
        breaks -> Jsonb,
        locs -> Jsonb,
        source -> Text,
        device_start_at -> Nullable<Timestamptz>,
        device_end_at -> Nullable<Timestamptz>,
        server_start_at -> Timestamptz,
        server_end_at -> Nullable<Timestamptz>,
        late_seconds -> Int4,
        early_seconds -> Int4,
        outside -> Bool,
        drift_ms -> Nullable<Int8>,
        version -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    shift_proposals (id) {
        id -> Uuid,
        store_id -> Uuid,
        employee_id -> Uuid,
        title -> Text,
        role_id -> Nullable<Uuid>,
        start_at -> Timestamptz,
        end_at -> Nullable<Timestamptz>,
        status -> Text,
        progress -> Text,
        shift_id -> Nullable<Uuid>,
        decided_by -> Nullable<Uuid>,
        decided_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    survey_votes (survey_id, employee_id) {
        survey_id -> Uuid,
        employee_id -> Uuid,
        choices -> Array<Int4>,
        answer -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    surveys (id) {
        id -> Uuid,
        store_id -> Uuid,
        conversation_id -> Uuid,
        message_id -> Uuid,
        question -> Text,
        mode -> Text,
        answers -> Array<Text>,
        multiple -> Bool,
        anonymous -> Bool,
        created_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
        withdrawn_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    ticket_comments (id) {
        id -> Uuid,
        ticket_id -> Uuid,
        author_id -> Nullable<Uuid>,
        by_support -> Bool,
        text -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    tickets (id) {
        id -> Uuid,
        ticket_no -> Int8,
        user_id -> Uuid,
        store_id -> Nullable<Uuid>,
        title -> Text,
        priority -> Text,
        status -> Text,
        seen -> Bool,
        admin_response -> Nullable<Text>,
        attachment_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
        modified_at -> Timestamptz,
    }
}

diesel::table! {
    timesheet_approvals (store_id, period_start) {
        store_id -> Uuid,
        period_start -> Date,
        approved_by -> Nullable<Uuid>,
        approved_at -> Timestamptz,
    }
}

diesel::table! {
    conversation_reads (conversation_id, employee_id) {
        conversation_id -> Uuid,
        employee_id -> Uuid,
        seen_seq -> Int8,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    conversations (id) {
        id -> Uuid,
        store_id -> Uuid,
        kind -> Text,
        title -> Nullable<Text>,
        announcement -> Bool,
        member_ids -> Array<Uuid>,
        created_by -> Nullable<Uuid>,
        last_seq -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    demo_requests (id) {
        id -> Uuid,
        name -> Text,
        email -> Text,
        phone -> Text,
        slot_start -> Timestamptz,
        created_at -> Timestamptz,
        mail_due_at -> Nullable<Timestamptz>,
        mail_attempts -> Int4,
        mail_leased_until -> Nullable<Timestamptz>,
        mailed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    employees (id) {
        id -> Uuid,
        store_id -> Uuid,
        user_id -> Nullable<Uuid>,
        email -> Text,
        full_name -> Text,
        display_name -> Nullable<Text>,
        phone_number -> Nullable<Text>,
        img -> Nullable<Text>,
        display_img -> Nullable<Text>,
        birthday -> Nullable<Timestamptz>,
        role_ids -> Array<Uuid>,
        wages -> Jsonb,
        wage_type -> Text,
        permissions -> Array<Text>,
        deactive -> Bool,
        terminated_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        phone_visibility -> Text,
        birthday_visibility -> Text,
    }
}

diesel::table! {
    import_documents (id) {
        id -> Uuid,
        store_id -> Uuid,
        kind -> Text,
        created_by -> Uuid,
        cells -> Jsonb,
        result -> Jsonb,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    invites (id) {
        id -> Uuid,
        store_id -> Uuid,
        employee_id -> Uuid,
        email -> Text,
        hash -> Text,
        resolved -> Bool,
        expires_at -> Timestamptz,
        user_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    login_failures (id) {
        id -> Int8,
        kind -> Text,
        key -> Text,
        at -> Timestamptz,
    }
}

diesel::table! {
    logs (id) {
        id -> Int8,
        kind -> Text,
        method -> Text,
        description -> Text,
        user_id -> Nullable<Uuid>,
        store_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    message_reactions (message_id, employee_id, emoji) {
        message_id -> Uuid,
        employee_id -> Uuid,
        emoji -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    messages (id) {
        id -> Uuid,
        store_id -> Uuid,
        conversation_id -> Uuid,
        seq -> Int8,
        sender -> Nullable<Uuid>,
        kind -> Text,
        content -> Text,
        reply_to -> Nullable<Uuid>,
        action -> Nullable<Jsonb>,
        modified -> Bool,
        deleted -> Bool,
        version -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        attachments -> Jsonb,
    }
}

diesel::table! {
    notifications (id) {
        id -> Uuid,
        store_id -> Uuid,
        title -> Text,
        content -> Text,
        seen -> Bool,
        kind -> Text,
        variant -> Int2,
        access_for -> Nullable<Uuid>,
        source -> Nullable<Uuid>,
        shift_id -> Nullable<Uuid>,
        drop_request_id -> Nullable<Uuid>,
        timeoff_request_id -> Nullable<Uuid>,
        shift_propose_id -> Nullable<Uuid>,
        reason -> Nullable<Text>,
        created_at -> Timestamptz,
        conversation_id -> Nullable<Uuid>,
        message_seq -> Nullable<Int8>,
        text_code -> Nullable<Text>,
        text_params -> Jsonb,
    }
}

diesel::table! {
    feedback (id) {
        id -> Uuid,
        user_id -> Uuid,
        store_id -> Nullable<Uuid>,
        rating -> Int2,
        comment -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    files (id) {
        id -> Uuid,
        user_id -> Uuid,
        store_id -> Nullable<Uuid>,
        purpose -> Text,
        kind -> Text,
        mime -> Text,
        name -> Text,
        size -> Int8,
        sha256 -> Text,
        key -> Text,
        thumbnail_key -> Nullable<Text>,
        width -> Nullable<Int4>,
        height -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    notification_deliveries (channel, notification_id) {
        channel -> Text,
        notification_id -> Uuid,
        created_at -> Timestamptz,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        leased_until -> Nullable<Timestamptz>,
        done_subscriptions -> Array<Nullable<Uuid>>,
    }
}

diesel::table! {
    one_time_codes (id) {
        id -> Uuid,
        user_id -> Uuid,
        purpose -> Text,
        code_hash -> Text,
        attempts -> Int4,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    push_subscriptions (id) {
        id -> Uuid,
        store_id -> Uuid,
        user_id -> Uuid,
        endpoint -> Text,
        p256dh -> Text,
        auth -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    requests (id) {
        id -> Uuid,
        store_id -> Uuid,
        kind -> Text,
        employee_id -> Uuid,
        user_id -> Nullable<Uuid>,
        status -> Text,
        start_at -> Nullable<Timestamptz>,
        end_at -> Nullable<Timestamptz>,
        entire_day -> Bool,
        description -> Nullable<Text>,
        response -> Nullable<Text>,
        response_by -> Nullable<Uuid>,
        covering_dates -> Array<Date>,
        shift_id -> Nullable<Uuid>,
        grabbed_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    roles (id) {
        id -> Uuid,
        store_id -> Uuid,
        title -> Text,
        color -> Text,
        require_user_action -> Bool,
        swappeable -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        can_start -> Bool,
        can_clock_in -> Bool,
    }
}

diesel::table! {
    schedule_templates (id) {
        id -> Uuid,
        store_id -> Uuid,
        kind -> Text,
        title -> Text,
        shifts -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    sessions (id) {
        id -> Uuid,
        user_id -> Uuid,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
        method -> Text,
        signed_in_at -> Timestamptz,
    }
}

diesel::table! {
    oidc_identities (issuer, subject) {
        issuer -> Text,
        subject -> Text,
        user_id -> Uuid,
        email -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    oidc_flows (state_hash) {
        state_hash -> Text,
        browser_hash -> Text,
        nonce -> Text,
        pkce_verifier -> Text,
        link_user -> Nullable<Uuid>,
        link_session -> Nullable<Uuid>,
        ticket -> Nullable<Uuid>,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    oidc_handoffs (code_hash) {
        code_hash -> Text,
        kind -> Text,
        user_id -> Uuid,
        issuer -> Text,
        subject -> Text,
        email -> Text,
        expires_at -> Timestamptz,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    shifts (id) {
        id -> Uuid,
        store_id -> Uuid,
        title -> Text,
        start_at -> Timestamptz,
        end_at -> Timestamptz,
        open_ended -> Bool,
        status -> Text,
        progress -> Text,
        assigned -> Nullable<Uuid>,
        assignee_email -> Nullable<Text>,
        role_id -> Nullable<Uuid>,
        tasks -> Jsonb,
        rate -> Nullable<Int2>,
        cancel_reason -> Nullable<Text>,
        adjacent_session_id -> Nullable<Uuid>,
        version -> Int8,
        auto_confirmed_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    store_events (store_id, version) {
        store_id -> Uuid,
        version -> Int8,
        kind -> Text,
        data -> Jsonb,
        managers_only -> Bool,
        user_ids -> Nullable<Array<Uuid>>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    stores (id) {
        id -> Uuid,
        owner_id -> Uuid,
        name -> Text,
        kind -> Text,
        logo -> Nullable<Text>,
        thumbnail -> Nullable<Text>,
        address -> Text,
        open_minute -> Nullable<Int4>,
        close_minute -> Nullable<Int4>,
        days_off -> Array<Int2>,
        timezone -> Text,
        timezone_reference -> Text,
        week_start -> Int2,
        booking_enabled -> Bool,
        identity_code -> Nullable<Text>,
        version -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        clock -> Jsonb,
    }
}

diesel::table! {
    users (id) {
        id -> Uuid,
        email -> Text,
        password_hash -> Nullable<Text>,
        first_name -> Text,
        last_name -> Text,
        profile_image -> Nullable<Text>,
        phone_number -> Nullable<Text>,
        birthday -> Nullable<Timestamptz>,
        description -> Nullable<Text>,
        about_me -> Nullable<Text>,
        personal_information_status -> Text,
        status -> Text,
        sign_in_method -> Text,
        last_login -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        language -> Nullable<Text>,
        phone_visibility -> Text,
        birthday_visibility -> Text,
        deleted_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    blog_posts (id) {
        id -> Uuid,
        translation_group -> Uuid,
        language -> Text,
        slug -> Text,
        title -> Text,
        #[sql_name = "abstract"]
        abstract_text -> Text,
        content -> Text,
        html -> Text,
        conclusion -> Text,
        tags -> Array<Text>,
        cover_id -> Uuid,
        author_id -> Nullable<Uuid>,
        author_name -> Text,
        author_avatar -> Nullable<Text>,
        duration -> Int4,
        audio_key -> Nullable<Text>,
        audio_duration -> Nullable<Int4>,
        audio_due_at -> Nullable<Timestamptz>,
        published -> Bool,
        published_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        modified_at -> Timestamptz,
        likes -> Int4,
        seen -> Int4,
        audio_lease -> Nullable<Uuid>,
        audio_leased_until -> Nullable<Timestamptz>,
        audio_attempts -> Int4,
    }
}

diesel::table! {
    blog_audio_leftovers (key) {
        key -> Text,
        remove_at -> Timestamptz,
    }
}

diesel::table! {
    blog_comments (id) {
        id -> Uuid,
        post_id -> Uuid,
        parent_id -> Nullable<Uuid>,
        author_name -> Text,
        email -> Text,
        img_url -> Nullable<Text>,
        user_id -> Nullable<Uuid>,
        text -> Text,
        status -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    blog_likes (post_id, visitor) {
        post_id -> Uuid,
        visitor -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    blog_views (post_id, visitor) {
        post_id -> Uuid,
        visitor -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(availability_windows -> employees (employee_id));
diesel::joinable!(store_plans -> stores (store_id));
diesel::joinable!(invoices -> stores (store_id));
diesel::joinable!(import_documents -> stores (store_id));
diesel::joinable!(booked_clients -> booked_sessions (session_id));
diesel::joinable!(booked_clients -> booking_clients (client_id));
diesel::joinable!(booked_sessions -> booking_events (event_id));
diesel::joinable!(import_documents -> users (created_by));
diesel::joinable!(availability_windows -> stores (store_id));
diesel::joinable!(availability_windows -> users (created_by));
diesel::joinable!(clock_sessions -> employees (employee_id));
diesel::joinable!(clock_sessions -> shift_proposals (proposal_id));
diesel::joinable!(clock_sessions -> shifts (shift_id));
diesel::joinable!(clock_sessions -> stores (store_id));
diesel::joinable!(clock_session_edits -> clock_sessions (session_id));
diesel::joinable!(shift_proposals -> employees (employee_id));
diesel::joinable!(conversations -> stores (store_id));
diesel::joinable!(messages -> conversations (conversation_id));
diesel::joinable!(message_reactions -> messages (message_id));
diesel::joinable!(conversation_reads -> conversations (conversation_id));
diesel::joinable!(survey_votes -> surveys (survey_id));
diesel::joinable!(employees -> stores (store_id));
diesel::joinable!(employees -> users (user_id));
diesel::joinable!(invites -> employees (employee_id));
diesel::joinable!(invites -> stores (store_id));
diesel::joinable!(logs -> stores (store_id));
diesel::joinable!(notifications -> shifts (shift_id));
diesel::joinable!(notifications -> stores (store_id));
diesel::joinable!(one_time_codes -> users (user_id));
diesel::joinable!(notification_deliveries -> notifications (notification_id));
diesel::joinable!(push_subscriptions -> stores (store_id));
diesel::joinable!(push_subscriptions -> users (user_id));
diesel::joinable!(requests -> shifts (shift_id));
diesel::joinable!(requests -> stores (store_id));
diesel::joinable!(roles -> stores (store_id));
diesel::joinable!(schedule_templates -> stores (store_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(oidc_identities -> users (user_id));
diesel::joinable!(oidc_handoffs -> users (user_id));
diesel::joinable!(oidc_flows -> sessions (link_session));
diesel::joinable!(shifts -> roles (role_id));
diesel::joinable!(shifts -> stores (store_id));
diesel::joinable!(shifts -> employees (assigned));
diesel::joinable!(store_events -> stores (store_id));
diesel::joinable!(feedback -> stores (store_id));
diesel::joinable!(feedback -> users (user_id));
diesel::joinable!(ticket_comments -> tickets (ticket_id));
diesel::joinable!(ticket_comments -> users (author_id));
diesel::joinable!(tickets -> files (attachment_id));
diesel::joinable!(tickets -> stores (store_id));
diesel::joinable!(tickets -> users (user_id));
diesel::joinable!(stores -> users (owner_id));
diesel::joinable!(blog_posts -> files (cover_id));
diesel::joinable!(blog_posts -> users (author_id));
diesel::joinable!(blog_comments -> blog_posts (post_id));
diesel::joinable!(blog_comments -> users (user_id));
diesel::joinable!(blog_likes -> blog_posts (post_id));
diesel::joinable!(blog_views -> blog_posts (post_id));

diesel::allow_tables_to_appear_in_same_query!(
    blog_audio_leftovers,
    blog_comments,
    blog_likes,
    blog_posts,
    blog_views,
    booked_clients,
    booked_sessions,
    booking_clients,
    booking_events,
    booking_mails,
    availability_windows,
    billing_events,
    invoices,
    notification_settings,
    store_plans,
    clock_code_uses,
    clock_punches,
    clock_secrets,
    clock_session_edits,
    clock_sessions,
    conversation_reads,
    conversations,
    demo_requests,
    employees,
    feedback,
    files,
    import_documents,
    invites,
    login_failures,
    oidc_flows,
    oidc_handoffs,
    oidc_identities,
    logs,
    message_reactions,
    messages,
    notification_deliveries,
    notifications,
    one_time_codes,
    push_subscriptions,
    requests,
    roles,
    schedule_templates,
    sessions,
    shift_proposals,
    shifts,
    store_events,
    stores,
    survey_votes,
    surveys,
    ticket_comments,
    tickets,
    timesheet_approvals,
    users,
);
